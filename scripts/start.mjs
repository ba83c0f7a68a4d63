// `npm start`: builds the app when no build exists yet, then serves it (two commands on a
// fresh machine: npm install, npm start). With no DATABASE_URL it runs on the embedded database in .data/.
import { spawnSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { API_BUNDLE } from "./api-bundle.mjs";

const port = process.env.PORT ?? "3000";
const next = "node_modules/next/dist/bin/next";

if (!existsSync(".next/BUILD_ID") || !existsSync(API_BUNDLE) || process.env.REBUILD === "1") {
  console.log("[greenscape] Building the app (first start only)...");
  const build = spawnSync(process.execPath, [next, "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const bundle = spawnSync(process.execPath, ["scripts/build-api.mjs"], { stdio: "inherit" });
  if (bundle.status !== 0) process.exit(bundle.status ?? 1);
}

const server = spawn(process.execPath, ["scripts/server.mjs"], {
  stdio: "inherit",
  env: { ...process.env, PORT: port, NODE_ENV: "production" },
});
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
