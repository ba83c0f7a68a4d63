import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/**
 * Runs `work` in a transaction: the caller's own when `db` already is one (no savepoint, which
 * would cost two more round trips), else a new one.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const alreadyInOne = (db as unknown) instanceof PgTransaction;
  return alreadyInOne ? work(db) : db.transaction(work);
}
