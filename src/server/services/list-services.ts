import { asc, eq } from "drizzle-orm";
import { cachedReference } from "@/server/cache/reference-data";
import type { Db } from "@/server/db";
import { services } from "@/server/db/schema";

export type ServiceRow = typeof services.$inferSelect;

/** The public catalogue: active services, popular ones first. */
export async function listServices(db: Db) {
  const rows = await db.select().from(services).where(eq(services.isActive, true)).orderBy(asc(services.id));
  return rows.map(toPublicService);
}

/** The service with this id, kept between writes to the catalogue (reference-data.ts): every booking reads it. */
export async function findService(db: Db, id: number): Promise<ServiceRow | null> {
  return cachedReference(`service:${id}`, async () => {
    const [row] = await db.select().from(services).where(eq(services.id, id));
    return row ?? null;
  });
}

/** The API also reads category and estimatedDuration (the duration in minutes). */
export function toPublicService(row: ServiceRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    pricePerSqFt: row.pricePerSqFt,
    category: row.category,
    duration: row.duration,
    estimatedDuration: row.duration,
    imageUrl: row.imageUrl,
    isPopular: row.isPopular,
    availableZipCodes: row.availableZipCodes,
  };
}
