import type { Db } from "@/server/db/client";
import { runStatement } from "@/server/db/statement";

/** What pg-boss needs from a database: run one SQL text with `$1…$n` values and give back rows. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Runs a script of several statements (pg-boss wraps its schema changes in BEGIN … COMMIT). */
export type ScriptRunner = (script: string) => Promise<void>;

/**
 * pg-boss speaks to the database through this executor instead of opening its own `pg` pool, so the
 * same queue runs on PostgreSQL (postgres.js) and on the embedded PGlite database, and a job can be
 * added inside the caller's Drizzle transaction: it exists exactly when the booking or message that
 * asked for it does.
 *
 * pg-boss's parameterised queries are single statements; its scripts (installing and migrating its
 * schema, maintenance under an advisory lock) have no values and go to `runScript`, which a plain
 * transaction handle does not need.
 */
export function drizzleExecutor(db: Db, runScript?: ScriptRunner): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      if (values.length === 0 && runScript && isScript(text)) {
        await runScript(text);
        return { rows: [] };
      }
      const rows = await runStatement<Record<string, unknown>>(db, text, values.map(toParameter));
      return { rows: [...rows] };
    },
  };
}

/** A text with more than one statement, or a transaction of its own. */
function isScript(text: string): boolean {
  return /^\s*BEGIN\s*;/i.test(text) || text.trim().replace(/;\s*$/, "").includes(";");
}

/**
 * Values go to the server as node-postgres sends them (pg-boss is written for it): objects as JSON,
 * arrays as array literals, dates as ISO text, so both drivers and PostgreSQL's own type inference
 * see the same thing.
 */
function toParameter(value: unknown): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === "object") return JSON.stringify(value);
  if (typeof value === "bigint") return value.toString();
  return value as string | number | boolean;
}

function arrayLiteral(items: unknown[]): string {
  const elements = items.map((item) => {
    if (item === null || item === undefined) return "NULL";
    const text = typeof item === "object" ? JSON.stringify(item) : String(item);
    return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  });
  return `{${elements.join(",")}}`;
}
