import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A copy of the migrations folder as it was when `lastTag` was the newest migration, in a temporary
 * folder the caller removes: a database migrated from it holds the data a migration after it finds.
 */
export function migrationsThrough(lastTag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), `through-${lastTag}-`));
  cpSync(path.join(process.cwd(), "drizzle"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`No migration is tagged ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** An embedded PGlite database, empty, with what it takes to migrate it and query it. */
export async function embeddedDatabase() {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle({ client });
  return {
    client,
    migrateTo: (migrationsFolder: string) => migrate(db, { migrationsFolder }),
    run: async (query: string, params?: unknown[]) => (await client.query<Record<string, unknown>>(query, params)).rows,
  };
}
