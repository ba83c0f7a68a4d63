import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { setEnv } from "#test/support/env";
import { openDatabase, type DatabaseHandle } from "./client";
import { databaseUnavailableStage } from "./errors";
import { rowsOf } from "./rows";

// postgres.js can lose a query that waits for a connection during an outage, and its request then
// hangs (bench:faults). So nothing waits for a connection longer than DATABASE_CONNECTION_WAIT_SECONDS:
// it fails as the database being away (503), and what it would have written is never written.
// Here the pool's one connection is kept busy longer than the wait to make a statement wait.

const testDatabase = inject("testDatabase");
let handle: DatabaseHandle;

beforeAll(async () => {
  if (testDatabase.mode !== "postgres") return;
  setEnv({ DATABASE_POOL_SIZE: "1", DATABASE_CONNECTION_WAIT_SECONDS: "1" });
  handle = await openDatabase();
  setEnv({ DATABASE_POOL_SIZE: undefined, DATABASE_CONNECTION_WAIT_SECONDS: undefined });
  await handle.db.execute(sql`create table if not exists connection_wait_probe (label text not null)`);
});

afterAll(async () => {
  if (!handle) return;
  await handle.db.execute(sql`drop table if exists connection_wait_probe`);
  await handle.close();
});

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => null,
    (error: unknown) => error,
  );
}

/**
 * Holds the pool's only connection for 2.5 s in a transaction, which keeps it to itself (a statement
 * outside one would let others queue up behind it on the same connection, begun). Resolves its
 * first promise once the sleep runs.
 */
async function keepBusy(): Promise<{ done: Promise<string> }> {
  let running!: () => void;
  const isRunning = new Promise<void>((resolve) => {
    running = resolve;
  });
  const done = handle.db.transaction(async (tx) => {
    running();
    await tx.execute(sql`select pg_sleep(2.5)`);
    return "done";
  });
  await isRunning;
  return { done };
}

async function probeLabels(): Promise<string[]> {
  const rows = rowsOf<{ label: string }>(await handle.db.execute(sql`select label from connection_wait_probe order by label`));
  return rows.map((row) => row.label);
}

let givenUpBodyRan = false;

describe.runIf(testDatabase.mode === "postgres")("a statement waiting for a connection", () => {
  it("fails as the database being away once the wait passes, and never runs", async () => {
    // Holds the only connection 2.5 s: longer than the wait, and never cut short by it.
    const busy = await keepBusy();
    const startedAt = Date.now();
    const error = await failureOf(handle.db.execute(sql`insert into connection_wait_probe values (${"statement"})`));
    const waited = Date.now() - startedAt;

    expect(databaseUnavailableStage(error), String(error)).not.toBeNull();
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(2400);
    expect(await busy.done, "the transaction holding the connection finishes").toBe("done");
    expect(await probeLabels()).toEqual([]);
  });

  it("fails a transaction that waits, and its body never runs once a connection is free", async () => {
    const busy = await keepBusy();
    const error = await failureOf(
      handle.db.transaction(async (tx) => {
        givenUpBodyRan = true;
        await tx.execute(sql`insert into connection_wait_probe values (${"transaction"})`);
      }),
    );

    expect(databaseUnavailableStage(error), String(error)).not.toBeNull();
    await busy.done;
    // The transaction's turn comes once the connection is free: it must run nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(givenUpBodyRan).toBe(false);
    expect(await probeLabels()).toEqual([]);
  });

  it("leaves the pool working afterwards", async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into connection_wait_probe values (${"after"})`);
    });
    expect(await probeLabels()).toEqual(["after"]);
    // The given-up transaction's turn came before this one's: it still ran nothing.
    expect(givenUpBodyRan).toBe(false);
  });
});
