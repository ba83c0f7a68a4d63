// The second half of `npm run build`: bundles the API (src/server/http/api-server.ts and what it
// imports from src/) into one module that scripts/server.mjs serves /api/* with, beside Next.
// Packages stay in node_modules (imported at run time); only our own code is bundled.
import { build } from "esbuild";
import { API_BUNDLE } from "./api-bundle.mjs";

await build({
  entryPoints: ["src/server/http/api-server.ts"],
  outfile: API_BUNDLE,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  sourcemap: "linked",
  logLevel: "warning",
  // `server-only` throws outside React Server Components; this bundle runs only on the server.
  plugins: [
    {
      name: "server-only",
      setup(context) {
        context.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
        context.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
      },
    },
  ],
});
console.log(`[greenscape] API bundled for the server: ${API_BUNDLE}`);
