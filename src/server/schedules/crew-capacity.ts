import { eq, sql } from "drizzle-orm";
import { isDateString, type DateString } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { businessSettings } from "@/server/db/schema";

export const CREW_CAPACITY_SETTING = "crew_capacity";

/** beyond.md 2: with no setting the business runs two crews. */
export const DEFAULT_CREW_CAPACITY = 2;

/** First key of the advisory locks that guard each day's crew capacity (an arbitrary constant). */
const CAPACITY_LOCK_NAMESPACE = 4_701;

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

/**
 * Everything that fills a day's crews (bookings, rain-day moves) takes this lock for each Austin
 * date it touches, inside its transaction, so a check and the write that follows cannot interleave
 * with another. Dates are locked in order so two writers never wait on each other in a circle.
 */
export async function lockCapacityForDates(tx: Db, dates: DateString[]): Promise<void> {
  for (const date of [...new Set(dates)].filter(isDateString).sort()) {
    const day = Number(date.replaceAll("-", ""));
    await tx.execute(sql`select pg_advisory_xact_lock(${CAPACITY_LOCK_NAMESPACE}::int, ${day}::int)`);
  }
}
