import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { rowsOf } from "./rows";
import { settledTogether } from "./settled-together";

const KEY = "settled-together-test";
const storedMarker = async () => {
  const db = await getDb();
  const rows = await db.execute(sql`select key from business_settings where key = ${KEY}`);
  return rowsOf(rows).length;
};

describe("settledTogether", () => {
  it("lets a statement sent after an early failure run inside the transaction, so it rolls back with it", async () => {
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        const refusedAtOnce = Promise.reject(new Error("refused before reaching the database"));
        const sentLater = (async () => {
          await new Promise((resolve) => setImmediate(resolve));
          await tx.execute(sql`insert into business_settings (key, value) values (${KEY}, '{}'::jsonb)`);
        })();
        await settledTogether([refusedAtOnce, sentLater]);
      }),
    ).rejects.toThrow("refused before reaching the database");
    // Give a statement sent after the rollback (outside the transaction) time to have landed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await storedMarker()).toBe(0);
  });

  it("throws the failure that aborted the transaction, not the statements refused after it", async () => {
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        const fails = tx.execute(sql`select 1 / 0`);
        const refusedAfter = tx.execute(sql`select 1`);
        await settledTogether([refusedAfter, fails]);
      }),
    ).rejects.toSatisfy((error: unknown) => /division by zero/.test(String((error as Error).cause ?? error)));
  });

  it("gives each statement's result in the order given", async () => {
    const db = await getDb();
    const [one, two] = await db.transaction((tx) => settledTogether([tx.execute(sql`select 1 as n`), Promise.resolve("two")] as const));
    expect(rowsOf(one)[0]).toEqual({ n: 1 });
    expect(two).toBe("two");
  });
});
