import { type SQL, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { rowsOf } from "@/server/db/rows";

/**
 * A report's statement, run with PostgreSQL's JIT compilation and parallel workers off. The planner cannot know that
 * payments after a day mostly pay visits after it, so a year's figures are estimated many times
 * over their real cost and cross the JIT thresholds; compiling then took longer (1.8 s at four
 * times the bench data) than the statement itself (0.3 s). A report runs its period and the year
 * before side by side already, so workers of their own only fight them for the same cores.
 */
export async function runReportStatement<Row>(db: Db, statement: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return rowsOf<Row>(await tx.execute(statement));
  });
}
