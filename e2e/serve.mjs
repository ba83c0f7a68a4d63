// Serves the production build for the browser journeys: a fresh database (a new PostgreSQL
// database when TEST_DATABASE_URL is set, else a new PGlite folder), a known staff login, and
// `next start` on E2E_PORT. Set E2E_SKIP_BUILD=1 to reuse an existing build.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";

const port = process.env.E2E_PORT ?? "3100";
const env = {
  ...process.env,
  PORT: port,
  NODE_ENV: "production",
  STAFF_USERNAME: "admin",
  STAFF_PASSWORD: process.env.E2E_STAFF_PASSWORD ?? "e2e-staff-password",
  NEXT_TELEMETRY_DISABLED: "1",
};
const next = "node_modules/next/dist/bin/next";

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const database = `greenscape_e2e_${port}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${database}" with (force)`);
  await admin.unsafe(`create database "${database}"`);
  await admin.end({ timeout: 5 });
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
} else {
  delete env.DATABASE_URL;
  env.PGLITE_DIR = path.join(process.cwd(), ".data", `e2e-${port}`);
  rmSync(env.PGLITE_DIR, { recursive: true, force: true });
}

if (process.env.E2E_SKIP_BUILD !== "1") {
  const build = spawnSync(process.execPath, [next, "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["scripts/server.mjs"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
