import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { rowsOf } from "@/server/db/rows";
import { ALL_WATCHED_TABLES } from "./watched-tables";

describe("the watched tables", () => {
  it("are exactly the tables the database announces writes to", async () => {
    const db = await getDb();
    const result = await db.execute(
      sql`select distinct c.relname as table_name from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'greenscape_announce_change'`,
    );
    const announced = rowsOf<{ table_name: string }>(result).map((row) => row.table_name);
    expect(announced.sort()).toEqual([...ALL_WATCHED_TABLES].sort());
  });
});
