import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { defaultTestDatabaseUrl } from "./test/support/default-database-url";

const testDatabaseUrl = defaultTestDatabaseUrl();
if (testDatabaseUrl) process.env.TEST_DATABASE_URL = testDatabaseUrl;

export default defineConfig({
  resolve: {
    // Tests under src/ reach the shared test code (doubles, fixtures, helpers) as #test/...
    alias: [
      { find: /^#test\/(.*)$/, replacement: `${fileURLToPath(new URL("./test", import.meta.url))}/$1` },
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
    ],
  },
  test: {
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["./test/support/global-setup.ts"],
    setupFiles: ["./test/support/setup-database.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
