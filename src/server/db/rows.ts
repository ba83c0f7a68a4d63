/** The rows of `db.execute`: postgres.js gives the rows themselves, PGlite a result holding them. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}
