// CSV as spreadsheets read it (RFC 4180), for Export Data and the reports' downloads: fields with a
// comma, quote or line break are quoted, lines end with CRLF, and text a spreadsheet would run as a
// formula (= + - @, tab, return) gets a leading apostrophe. Numbers are ours, never a formula.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  const safe = typeof value !== "number" && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows of fields as a CSV document. */
export function csvOfRows(rows: ReadonlyArray<ReadonlyArray<unknown>>): string {
  return rows.map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}

/** Records with a header row; the columns are those of the first record (or `columns`). */
export function csvOfRecords(records: ReadonlyArray<Record<string, unknown>>, columns?: readonly string[]): string {
  const header = columns ?? Object.keys(records[0] ?? {});
  return csvOfRows([header, ...records.map((record) => header.map((name) => record[name]))]);
}
