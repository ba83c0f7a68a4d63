import postgres from "postgres";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { setEnv } from "#test/support/env";
import { openDatabase, type DatabaseHandle } from "./client";
import { rowsOf } from "./rows";

// A pooled connection that dies under a running query (PostgreSQL restarted, or the backend
// terminated) keeps the server's FATAL error in postgres.js 3.4 and throws it at the first query it
// gets after it reconnects (porsager/postgres#1223): one failure after the outage is over. The pool
// sends such a query again, since it never ran.

const testDatabase = inject("testDatabase");
const handles: DatabaseHandle[] = [];

afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
});

describe.runIf(testDatabase.mode === "postgres")("a pooled connection killed under a query", () => {
  it("answers the next statement and the next transaction, instead of the dead connection's error", async () => {
    setEnv({ DATABASE_POOL_SIZE: "1" });
    const handle = await openDatabase();
    handles.push(handle);
    setEnv({ DATABASE_POOL_SIZE: undefined });
    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      for (const next of ["statement", "transaction"] as const) {
        const pid = rowsOf<{ pid: number }>(await handle.db.execute(sql`select pg_backend_pid() as pid`))[0]!.pid;
        const running = handle.db.execute(sql`select pg_sleep(10)`).then(
          () => null,
          (error: unknown) => error,
        );
        // Terminated while the query runs, as a restart does to every busy connection.
        for (let waited = 0; waited < 100; waited++) {
          const [row] =
            await admin`select count(*)::int as busy from pg_stat_activity where pid = ${pid} and query like '%pg_sleep%' and state = 'active'`;
          if (row!.busy > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await admin`select pg_terminate_backend(${pid})`;
        expect(await running, "the query that was running fails").toBeTruthy();

        if (next === "statement") {
          const [row] = rowsOf<{ one: number }>(await handle.db.execute(sql`select 1 as one`));
          expect(Number(row!.one)).toBe(1);
        } else {
          const answer = await handle.db.transaction(async (tx) => rowsOf<{ two: number }>(await tx.execute(sql`select 2 as two`))[0]!.two);
          expect(Number(answer)).toBe(2);
        }
      }
    } finally {
      await admin.end({ timeout: 5 });
    }
  });
});
