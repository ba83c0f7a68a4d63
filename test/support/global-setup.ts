import type { TestProject } from "vitest/node";
import postgres from "postgres";
import { openDatabase } from "../../src/server/db/client";
import { installJobQueue } from "../../src/server/jobs/job-queue";
import { JOB_DEFINITIONS } from "../../src/server/app/background-work";

/**
 * With TEST_DATABASE_URL (a PostgreSQL server the tests may create databases on), one template
 * database is migrated per run and every test file gets its own copy of it; without it, every test
 * file runs on an in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    project.provide("testDatabase", { mode: "pglite" as const });
    return;
  }
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const prefix = `greenscape_test_${runId}`;
  const template = `${prefix}_template`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${template}"`);
  const handle = await openDatabase(withDatabase(adminUrl, template));
  await installJobQueue(handle, JOB_DEFINITIONS);
  await handle.close();
  project.provide("testDatabase", { mode: "postgres" as const, adminUrl, template, prefix });

  return async () => {
    const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${prefix + "%"}`;
    for (const { datname } of rows) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    await admin.end({ timeout: 5 });
  };
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: { mode: "pglite" } | { mode: "postgres"; adminUrl: string; template: string; prefix: string };
  }
}
