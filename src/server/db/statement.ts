import { type Column, getTableColumns } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import { rowsOf } from "./rows";

/**
 * Runs SQL already written as text with `$1…$n` placeholders, on `db`'s own session (its
 * transaction when `db` is one), the way `db.execute` runs a query once Drizzle has assembled it:
 * for statements whose text never changes, run on every booking, where assembling them from
 * pieces each time cost more than the rest of the call (bench/RESULTS.md, issue 42). Values reach
 * the driver as given, so the text casts each placeholder to its type, and rows come back as the
 * driver reads them (snake_case names; timestamps as text): `tableRowOf` makes one a table's row.
 */
export async function runStatement<Row>(db: Db, text: string, values: unknown[]): Promise<Row[]> {
  return rowsOf<Row>(await db._.session.prepareQuery({ sql: text, params: values }, undefined, undefined, false).execute());
}

/** Each table's columns with the name the database gives them, worked out once per table. */
const columnsByTable = new WeakMap<PgTable, Array<[key: string, databaseName: string, column: Column]>>();

function namedColumns(table: PgTable) {
  let named = columnsByTable.get(table);
  if (!named) {
    named = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.keyAsName ? toSnakeCase(key) : column.name, column]);
    columnsByTable.set(table, named);
  }
  return named;
}

/** A whole row of `table` (`returning *`) read by runStatement, as Drizzle's own queries give it: camelCase names, each column's type. */
export function tableRowOf<Table extends PgTable>(table: Table, raw: Record<string, unknown>): Table["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, databaseName, column] of namedColumns(table)) {
    const value = raw[databaseName];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Table["$inferSelect"];
}
