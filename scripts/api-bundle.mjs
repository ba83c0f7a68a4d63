// Where `npm run build` puts the server's bundle of the API (scripts/build-api.mjs), and loading it
// (or, for `npm run dev`, the same module from source) for scripts/server.mjs.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const API_BUNDLE = ".next/greenscape-api/api-server.mjs";

/** The production server's /api dispatcher: (request, response) => a promise when it answered, null for Next. */
export async function loadApiBundle() {
  const file = path.resolve(API_BUNDLE);
  if (!existsSync(file)) {
    console.error(`[greenscape] ${API_BUNDLE} is missing: build the app with \`npm run build\`.`);
    process.exit(1);
  }
  const { serveApiRequest } = await import(pathToFileURL(file).href);
  return serveApiRequest;
}

/** The same dispatcher from its TypeScript source, through tsx: what `npm run dev` serves /api with. */
export async function loadApiSource() {
  const { tsImport } = await import("tsx/esm/api");
  const { serveApiRequest } = await tsImport("../src/server/http/api-server.ts", import.meta.url);
  return serveApiRequest;
}
