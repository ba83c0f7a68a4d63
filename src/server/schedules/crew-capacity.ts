import { eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { businessSettings } from "@/server/db/schema";

/** beyond.md 2: how many visits can run at once; the 'crew_capacity' setting, 2 when unset. */
export const DEFAULT_CREW_CAPACITY = 2;

export async function crewCapacity(db: Db): Promise<number> {
  const [row] = await db.select().from(businessSettings).where(eq(businessSettings.key, "crew_capacity"));
  const value = Number(row?.value);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_CREW_CAPACITY;
}
