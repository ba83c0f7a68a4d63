import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/** Whether `db` is a transaction already (a caller's), not the database itself. */
export function isTransaction(db: Db): boolean {
  return (db as unknown) instanceof PgTransaction;
}

/**
 * Runs `work` in a transaction: the caller's own when `db` already is one (no savepoint, which
 * would cost two more round trips), else a new one.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return isTransaction(db) ? work(db) : db.transaction(work);
}
