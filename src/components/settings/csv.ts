// Export Data as CSV: one file per table, readable by any spreadsheet.

// A cell that starts like a formula would run in a spreadsheet; a leading quote keeps it text.
const FORMULA_START = /^[=+\-@\t\r]/;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  const safe = typeof value !== "number" && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 CSV with a header row; the columns are those of the first row (or `columns`). */
export function toCsv(rows: ReadonlyArray<Record<string, unknown>>, columns?: readonly string[]): string {
  const header = columns ?? Object.keys(rows[0] ?? {});
  const lines = [header.map((name) => cellText(name)).join(",")];
  for (const row of rows) lines.push(header.map((name) => cellText(row[name])).join(","));
  return lines.join("\r\n") + "\r\n";
}
