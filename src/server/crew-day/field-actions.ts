import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { fieldActions } from "@/server/db/schema";
import { ConflictError, InvalidInputError } from "@/server/errors";

/** Who sent a field action: idempotency keys belong to one staff member or one API key. */
export type FieldActor = `staff:${number}` | `key:${number}`;

export const IDEMPOTENCY_KEY_MISSING = "Send an Idempotency-Key header (or an idempotencyKey field) with each field action.";
export const IDEMPOTENCY_KEY_INVALID = "The idempotency key must be 8 to 100 letters, digits, dashes or underscores.";
export const IDEMPOTENCY_KEY_CLASH = "The Idempotency-Key header and the idempotencyKey field name different keys.";
export const IDEMPOTENCY_KEY_REUSED = "This idempotency key was already used for another action. Send a new key for a new action.";

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** The key from the REST header or the tRPC field; one of them is required, and both must agree. */
export function idempotencyKeyOf(header: string | null | undefined, field: string | undefined): string {
  const fromHeader = header?.trim() || undefined;
  if (fromHeader && field && fromHeader !== field) throw new InvalidInputError(IDEMPOTENCY_KEY_CLASH, "idempotencyKey");
  const key = fromHeader ?? field;
  if (!key) throw new InvalidInputError(IDEMPOTENCY_KEY_MISSING, "idempotencyKey");
  if (!KEY_PATTERN.test(key)) throw new InvalidInputError(IDEMPOTENCY_KEY_INVALID, "idempotencyKey");
  return key;
}

/**
 * Runs a field action once per key: the key's row is written first, in the action's transaction,
 * so a second request with the same key waits on it and then reads the first answer instead of
 * acting again (a retry, the phone's queue sending twice, twenty copies at once). When the first
 * attempt fails nothing is kept, and the next attempt acts afresh.
 */
export async function runOnce<T extends object>(
  db: Db,
  request: { actor: FieldActor; key: string; action: string },
  act: (tx: Db) => Promise<T>,
): Promise<T & { replayed: boolean }> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(fieldActions)
      .values({ actor: request.actor, key: request.key, request: request.action, result: sql`'null'::jsonb` })
      .onConflictDoNothing()
      .returning({ key: fieldActions.key });
    if (!claimed) {
      const [first] = await tx
        .select({ request: fieldActions.request, result: fieldActions.result })
        .from(fieldActions)
        .where(and(eq(fieldActions.actor, request.actor), eq(fieldActions.key, request.key)));
      if (!first || first.request !== request.action) throw new ConflictError(IDEMPOTENCY_KEY_REUSED);
      return { ...(first.result as T), replayed: true };
    }
    const result = await act(tx);
    await tx
      .update(fieldActions)
      .set({ result: JSON.parse(JSON.stringify(result)) })
      .where(and(eq(fieldActions.actor, request.actor), eq(fieldActions.key, request.key)));
    return { ...result, replayed: false };
  });
}

/**
 * A field action applies only to a visit of its own day, so after two days a key can only ever be
 * refused again: its row is dropped (daily, from the job queue).
 */
export const FIELD_ACTION_KEPT_MS = 2 * 86_400_000;

export async function forgetOldFieldActions(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(fieldActions)
    .where(lt(fieldActions.createdAt, new Date(now.getTime() - FIELD_ACTION_KEPT_MS)))
    .returning({ key: fieldActions.key });
  return gone.length;
}
