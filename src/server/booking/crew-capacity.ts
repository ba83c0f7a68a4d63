import { eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { businessSettings } from "@/server/db/schema";

export const CREW_CAPACITY_SETTING = "crew_capacity";

/** beyond.md 2: with no setting the business runs two crews. */
export const DEFAULT_CREW_CAPACITY = 2;

/** How many visits can run at the same time: one per crew. */
export async function getCrewCapacity(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: businessSettings.value })
    .from(businessSettings)
    .where(eq(businessSettings.key, CREW_CAPACITY_SETTING));
  const value = Number(row?.value);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_CREW_CAPACITY;
}

export async function setCrewCapacity(db: Db, capacity: number): Promise<void> {
  await db
    .insert(businessSettings)
    .values({ key: CREW_CAPACITY_SETTING, value: capacity })
    .onConflictDoUpdate({ target: businessSettings.key, set: { value: capacity, updatedAt: new Date() } });
}
