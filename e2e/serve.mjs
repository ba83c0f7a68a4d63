// Serves the production build for the browser journeys: a fresh database (a new PostgreSQL
// database when TEST_DATABASE_URL is set, else a new PGlite folder), a known staff login, and
// `next start` on E2E_PORT. Set E2E_SKIP_BUILD=1 to reuse an existing build. Set E2E_STRIPE=1 to
// configure card payments against a local Stripe stand-in on E2E_PORT + 1000 (test keys only).
// Email goes through a real SMTP server on E2E_PORT + 2000, whose inbox the journeys read on
// E2E_PORT + 2001 (e2e/fixtures/mail-catcher.ts, e2e/fixtures/mailbox.ts). Texts go to a Twilio
// stand-in on E2E_PORT + 3000 (e2e/fixtures/texts.ts), unless E2E_TWILIO=0 shows a business without texts.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { connect } from "node:net";
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

const tsx = "node_modules/tsx/dist/cli.mjs";
const smtpPort = Number(port) + 2000;
const mailCatcher = spawn(process.execPath, [tsx, "e2e/fixtures/mail-catcher.ts", String(smtpPort)], { stdio: "inherit" });
env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
await listening(smtpPort + 1);

/**
 * Resolves once something accepts connections on the port (the mail catcher's inbox opens last).
 * @param {number} target
 */
async function listening(target) {
  for (let tries = 0; tries < 300; tries++) {
    const open = await new Promise((resolve) => {
      const socket = connect(target, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Nothing listens on port ${target}`);
}

let stripeStandIn = null;
if (process.env.E2E_STRIPE === "1") {
  const standInPort = String(Number(port) + 1000);
  // Like Stripe, the stand-in tells the app's webhook endpoint when a card payment it confirmed goes through.
  stripeStandIn = spawn(process.execPath, [tsx, "e2e/fixtures/stripe-stand-in.ts", standInPort, `${env.APP_URL}/api/webhooks/stripe`], {
    stdio: "inherit",
  });
  Object.assign(env, {
    STRIPE_SECRET_KEY: "sk_test_e2e_stand_in",
    STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_stand_in",
    STRIPE_WEBHOOK_SECRET: "whsec_e2e_stand_in",
    STRIPE_API_BASE_URL: `http://127.0.0.1:${standInPort}`,
  });
}

let twilioStandIn = null;
if (process.env.E2E_TWILIO !== "0") {
  const standInPort = Number(port) + 3000;
  // Like Twilio, the stand-in delivers the customers' texts (signed) to the app's inbound webhook.
  twilioStandIn = spawn(
    process.execPath,
    [tsx, "e2e/fixtures/twilio-stand-in.ts", String(standInPort), `${env.APP_URL}/api/webhooks/twilio/messages`],
    {
      stdio: "inherit",
    },
  );
  Object.assign(env, {
    TWILIO_ACCOUNT_SID: `AC${"e2e".padEnd(32, "0")}`,
    TWILIO_AUTH_TOKEN: "e2e-twilio-auth-token",
    TWILIO_FROM_NUMBER: "+15125550100",
    TWILIO_API_BASE_URL: `http://127.0.0.1:${standInPort}`,
  });
  await listening(standInPort);
}

const server = spawn(process.execPath, ["scripts/server.mjs"], { stdio: "inherit", env });
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.on(signal, () => {
    stripeStandIn?.kill(signal);
    twilioStandIn?.kill(signal);
    mailCatcher.kill(signal);
    server.kill(signal);
  });
}
server.on("exit", (code) => {
  stripeStandIn?.kill("SIGTERM");
  twilioStandIn?.kill("SIGTERM");
  mailCatcher.kill("SIGTERM");
  process.exit(code ?? 0);
});
