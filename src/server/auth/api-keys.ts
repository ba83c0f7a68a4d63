import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/server/db";
import { apiKeys, crews } from "@/server/db/schema";
import { InvalidInputError } from "@/server/errors";
import { API_KEY_MESSAGES } from "@/lib/validation/settings";
import { cachedSession, sessionsGeneration, storeSession } from "@/server/cache/session-cache";
import { CREW_MESSAGES } from "@/lib/validation/crews";
import type { ApiKeyRole } from "@/lib/staff-roles";
import { generateToken, hashToken } from "./tokens";

export const API_KEY_PREFIX = "gsk_";
// Writing last_used_at on every call would turn each read into a write; once a minute is enough.
const LAST_USED_RESOLUTION_MS = 60 * 1000;

export function bearerToken(authorization: string | null): string | null {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/** What a key may do: office unless made narrower, a crew's key with the crew whose days it sees. */
export type ApiKeyScope = { role: "office"; crewId?: null } | { role: "crew"; crewId: number };

/**
 * A key lives until it is revoked, or until `expiresAt` when one is given. It acts as office unless
 * it is given a crew (docs/product-rules.md#staff-roles); it never acts as an owner.
 */
export async function createApiKey(
  db: Db,
  name: string,
  createdByUserId: number | null,
  expiresAt: Date | null = null,
  now = new Date(),
  scope: ApiKeyScope = { role: "office" },
) {
  if (expiresAt && expiresAt <= now) throw new InvalidInputError(API_KEY_MESSAGES.expiryInPast, "expiresAt");
  if (scope.role === "crew") {
    const [crew] = await db
      .select({ id: crews.id })
      .from(crews)
      .where(and(eq(crews.id, scope.crewId), eq(crews.active, true)));
    if (!crew) throw new InvalidInputError(CREW_MESSAGES.unknown, "crewId");
  }
  const key = API_KEY_PREFIX + generateToken();
  const [row] = await db
    .insert(apiKeys)
    .values({
      name,
      prefix: key.slice(0, API_KEY_PREFIX.length + 6),
      keyHash: hashToken(key),
      createdByUserId,
      expiresAt,
      role: scope.role,
      crewId: scope.crewId ?? null,
    })
    .returning({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      expiresAt: apiKeys.expiresAt,
      role: apiKeys.role,
      crewId: apiKeys.crewId,
    });
  return { key, apiKey: row! };
}

interface AuthenticatedKey {
  id: number;
  name: string;
  role: ApiKeyRole;
  crewId: number | null;
}

/** The key's id when it is valid, not revoked and not expired; records when it was last used. */
export async function authenticateApiKey(db: Db, key: string, now = new Date()): Promise<AuthenticatedKey | null> {
  if (!key.startsWith(API_KEY_PREFIX)) return null;
  const keyHash = hashToken(key);
  // A key looked up moments ago is trusted until its expiry; a revocation clears the cache on
  // every instance, and last_used_at is written again once the entry has aged out.
  const cacheKey = `apiKey:${keyHash}`;
  const cached = cachedSession<AuthenticatedKey & { expiresAt: Date | null }>(cacheKey);
  if (cached && (!cached.expiresAt || cached.expiresAt > now))
    return { id: cached.id, name: cached.name, role: cached.role, crewId: cached.crewId };
  const generation = sessionsGeneration();
  const [found] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      role: apiKeys.role,
      crewId: apiKeys.crewId,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))));
  if (!found) return null;
  const row = { id: found.id, name: found.name, role: found.role, crewId: found.crewId };
  const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  // Only a due write is sent: every write to api_keys tells all instances to drop their cache.
  if (!found.lastUsedAt || found.lastUsedAt < stale) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
  } else {
    storeSession(cacheKey, generation, { ...row, expiresAt: found.expiresAt });
  }
  return row;
}
