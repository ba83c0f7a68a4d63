import { spawnSync } from "node:child_process";

const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * The PostgreSQL server the tests may create databases on: TEST_DATABASE_URL, or the machine's
 * local server when one answers, so a plain `npm test` runs on PostgreSQL wherever it can.
 * Without either, the database tests run on PGlite.
 */
export function defaultTestDatabaseUrl(): string | undefined {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DATABASE_URL === "") return undefined;
  const probe = spawnSync("pg_isready", ["-q", "-h", "127.0.0.1", "-p", "5432"], { timeout: 3000 });
  return probe.status === 0 ? LOCAL_POSTGRES : undefined;
}
