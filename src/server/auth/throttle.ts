import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { loginThrottles } from "@/server/db/schema";

const WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;
// An account tolerates a few typos; an address many, since offices share one IP.
export const ACCOUNT_FAILURE_LIMIT = 5;
export const IP_FAILURE_LIMIT = 30;

export function accountThrottleKey(kind: "staff" | "customer", identifier: string) {
  return `${kind}:${identifier.trim().toLowerCase()}`;
}

export function ipThrottleKey(ip: string) {
  return `ip:${ip}`;
}

/** Seconds until the first of these keys unlocks, or 0 when none is locked. */
export async function secondsUntilUnlocked(db: Db, keys: string[], now = new Date()): Promise<number> {
  let wait = 0;
  for (const key of keys) {
    const [row] = await db.select({ lockedUntil: loginThrottles.lockedUntil }).from(loginThrottles).where(eq(loginThrottles.key, key));
    if (row?.lockedUntil && row.lockedUntil > now) {
      wait = Math.max(wait, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000));
    }
  }
  return wait;
}

/** Counts a failure atomically; the key locks once it reaches its limit within the window. */
export async function recordLoginFailure(db: Db, key: string, limit: number, now = new Date()) {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const lockUntil = new Date(now.getTime() + LOCK_MS);
  // Dates inside raw sql fragments are not serialized by the drivers: pass them as ISO text.
  const windowStartSql = sql`${windowStart.toISOString()}::timestamptz`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const lockUntilSql = sql`${lockUntil.toISOString()}::timestamptz`;
  await db
    .insert(loginThrottles)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: limit <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`case when ${loginThrottles.windowStartedAt} < ${windowStartSql} then 1 else ${loginThrottles.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginThrottles.windowStartedAt} < ${windowStartSql} then ${nowSql} else ${loginThrottles.windowStartedAt} end`,
        lockedUntil: sql`case when ${loginThrottles.windowStartedAt} >= ${windowStartSql} and ${loginThrottles.failures} + 1 >= ${limit} then ${lockUntilSql} else ${loginThrottles.lockedUntil} end`,
      },
    });
}

export async function clearLoginFailures(db: Db, key: string) {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}
