import { type SQL, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { rowsOf } from "@/server/db/rows";

/**
 * A report's statement, run with PostgreSQL's JIT compilation off. The planner cannot know that
 * payments after a day mostly pay visits after it, so a year's figures are estimated many times
 * over their real cost and cross the JIT thresholds; compiling then took longer (1.8 s at four
 * times the bench data) than the statement itself (0.3 s).
 */
export async function runReportStatement<Row>(db: Db, statement: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return rowsOf<Row>(await tx.execute(statement));
  });
}
