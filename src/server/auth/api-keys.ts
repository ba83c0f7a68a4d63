import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/server/db";
import { apiKeys } from "@/server/db/schema";
import { generateToken, hashToken } from "./tokens";

export const API_KEY_PREFIX = "gsk_";
// Writing last_used_at on every call would turn each read into a write; once a minute is enough.
const LAST_USED_RESOLUTION_MS = 60 * 1000;

export function bearerToken(authorization: string | null): string | null {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

export async function createApiKey(db: Db, name: string, createdByUserId: number | null) {
  const key = API_KEY_PREFIX + generateToken();
  const [row] = await db
    .insert(apiKeys)
    .values({ name, prefix: key.slice(0, API_KEY_PREFIX.length + 6), keyHash: hashToken(key), createdByUserId })
    .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, createdAt: apiKeys.createdAt });
  return { key, apiKey: row! };
}

/** The key's id when it is valid and not revoked; records when it was last used. */
export async function authenticateApiKey(db: Db, key: string, now = new Date()): Promise<{ id: number; name: string } | null> {
  if (!key.startsWith(API_KEY_PREFIX)) return null;
  const keyHash = hashToken(key);
  const [row] = await db
    .select({ id: apiKeys.id, name: apiKeys.name })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
  return row;
}
