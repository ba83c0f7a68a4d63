// Serves the production build for the browser journeys: a fresh database (a new PostgreSQL
// database when TEST_DATABASE_URL is set, else a new PGlite folder), a known staff login, and
// `next start` on E2E_PORT. Set E2E_SKIP_BUILD=1 to reuse an existing build. Set E2E_STRIPE=1 to
// configure card payments against a local Stripe stand-in on E2E_PORT + 1000 (test keys only).
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";

const port = process.env.E2E_PORT ?? "3100";
/** @type {NodeJS.ProcessEnv} */
const env = {
  ...process.env,
  PORT: port,
  APP_URL: `http://localhost:${port}`,
  NODE_ENV: "production",
  STAFF_USERNAME: "admin",
  STAFF_PASSWORD: process.env.E2E_STAFF_PASSWORD ?? "e2e-staff-password",
  NEXT_TELEMETRY_DISABLED: "1",
  // The webhook journey points an endpoint at a receiver on this machine, which production refuses.
  WEBHOOKS_ALLOW_PRIVATE_URLS: "true",
  // Addresses are placed from the bundled ZIP centres: journeys never wait on the Census Geocoder.
  GEOCODER: process.env.GEOCODER ?? "zip",
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
  const bundle = spawnSync(process.execPath, ["scripts/build-api.mjs"], { stdio: "inherit", env });
  if (bundle.status !== 0) process.exit(bundle.status ?? 1);
}

let stripeStandIn = null;
if (process.env.E2E_STRIPE === "1") {
  const standInPort = String(Number(port) + 1000);
  stripeStandIn = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "e2e/fixtures/stripe-stand-in.ts", standInPort], {
    stdio: "inherit",
  });
  Object.assign(env, {
    STRIPE_SECRET_KEY: "sk_test_e2e_stand_in",
    STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_stand_in",
    STRIPE_WEBHOOK_SECRET: "whsec_e2e_stand_in",
    STRIPE_API_BASE_URL: `http://127.0.0.1:${standInPort}`,
  });
}

const server = spawn(process.execPath, ["scripts/server.mjs"], { stdio: "inherit", env });
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.on(signal, () => {
    stripeStandIn?.kill(signal);
    server.kill(signal);
  });
}
server.on("exit", (code) => {
  stripeStandIn?.kill("SIGTERM");
  process.exit(code ?? 0);
});
