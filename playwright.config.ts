import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { defaultTestDatabaseUrl } from "./test/support/default-database-url";

// The e2e server and the journeys that read its database use PostgreSQL whenever one answers.
const testDatabaseUrl = defaultTestDatabaseUrl();
if (testDatabaseUrl) process.env.TEST_DATABASE_URL = testDatabaseUrl;
// Card payments run against the local Stripe stand-in unless a run turns them off (E2E_STRIPE=0, to
// see the screens of a business without card payments): every journey runs by default.
process.env.E2E_STRIPE ??= "1";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromiumPath)) {
  throw new Error(
    `No Chromium at ${chromiumPath}. Install Debian's browser (apt-get install -y chromium) or set CHROMIUM_PATH; ` +
      "`npx playwright install` cannot download browsers on these machines.",
  );
}

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./e2e/.artifacts/results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // Builds the production app and serves it on its own port and a fresh database.
    command: "node e2e/serve.mjs",
    url: `http://localhost:${E2E_PORT}/api/services`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
