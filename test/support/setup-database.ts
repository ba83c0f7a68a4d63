import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDatabase } from "../../src/server/db";
// The composition root: the job queue and change feed on every database a test opens.
import "../../src/server/app/install";
import { setEnv } from "./env";
import { withDatabase } from "./global-setup";

/** Gives each test file a database of its own, copied from the migrated template. */
const testDatabase = inject("testDatabase");
let databaseName: string | null = null;

beforeAll(async () => {
  await closeDatabase();
  if (testDatabase.mode === "pglite") {
    setEnv({ DATABASE_URL: undefined, PGLITE_DIR: "memory://" });
    return;
  }
  databaseName = `${testDatabase.prefix}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(testDatabase.adminUrl, { max: 1, onnotice: () => {} });
  try {
    // Concurrent copies of one template can collide; a short retry settles it.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.unsafe(`create database "${databaseName}" template "${testDatabase.template}"`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
  setEnv({ DATABASE_URL: withDatabase(testDatabase.adminUrl, databaseName) });
});

afterAll(async () => {
  await closeDatabase();
  if (testDatabase.mode === "postgres" && databaseName) {
    const admin = postgres(testDatabase.adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${databaseName}" with (force)`);
    await admin.end({ timeout: 5 });
  }
});
