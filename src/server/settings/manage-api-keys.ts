import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/server/db";
import { apiKeys, staffUsers } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";

/** The keys staff have made: never the key itself, which was shown once. */
export function listApiKeys(db: Db) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      createdBy: staffUsers.fullName,
      role: apiKeys.role,
      crewId: apiKeys.crewId,
    })
    .from(apiKeys)
    .leftJoin(staffUsers, eq(staffUsers.id, apiKeys.createdByUserId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** A revoked key stops working at its next request; revoking twice is harmless. */
export async function revokeApiKey(db: Db, id: number) {
  const [key] = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, id));
  if (!key) throw new NotFoundError("API key not found");
  await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
}
