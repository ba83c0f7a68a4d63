import { and, inArray, ne, sql } from "drizzle-orm";
import { businessInstant, type DateString } from "@/lib/business-time";
import { isBookableDate, slotLabel, slotsForDate, TIME_SLOTS } from "@/lib/slots";
import type { TAvailabilityResponse } from "@/server/api/schemas/booking";
import type { Db } from "@/server/db";
import { visits } from "@/server/db/schema";
import { CREW_HOLDING_STATUSES, countOverlappingVisits, getCrewCapacity } from "@/server/schedules/crew-capacity";
import { overlapping } from "@/server/schedules/visits";
import { ensureVisitsUntil } from "@/server/schedules/series";

export { CREW_HOLDING_STATUSES, countOverlappingVisits };

const FIRST_SLOT = TIME_SLOTS[0];
const LAST_SLOT = TIME_SLOTS[TIME_SLOTS.length - 1] ?? FIRST_SLOT;

/** One day's slots as GET /api/availability answers them (the route adds the service's id). */
export type DayAvailability = Omit<TAvailabilityResponse, "serviceId">;

function minutesLater(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * 60_000);
}

/**
 * Every slot of the day with whether it can be booked for a service of `durationMinutes`: the
 * slot must still be offered (from tomorrow) and fewer visits than crews may overlap
 * [slot start, slot start + duration). A visit being moved (`exceptVisitId`) does not count against itself.
 */
export async function dayAvailability(
  db: Db,
  options: { date: DateString; durationMinutes: number; now?: Date; exceptVisitId?: number },
): Promise<DayAvailability> {
  const { date, durationMinutes, now = new Date(), exceptVisitId } = options;
  const capacity = await getCrewCapacity(db);
  const offered = new Set<string>(isBookableDate(date, now) ? slotsForDate(date, now) : []);
  const busy = offered.size ? await busyCrewsPerSlot(db, date, durationMinutes, exceptVisitId) : TIME_SLOTS.map(() => 0);

  const slots = TIME_SLOTS.map((time, index) => {
    const startTime = businessInstant(date, time);
    const endTime = minutesLater(startTime, durationMinutes);
    const full = busy[index]! >= capacity;
    return { time, label: slotLabel(time), startTime, endTime, full, available: offered.has(time) && !full };
  });
  return { date, capacity, slots };
}

/**
 * For each slot of the day, how many crew-holding visits overlap [slot start, slot start +
 * duration): one aggregate over the day's rows, found through the start-time index.
 */
async function busyCrewsPerSlot(db: Db, date: DateString, durationMinutes: number, exceptVisitId?: number): Promise<number[]> {
  const dayStart = businessInstant(date, FIRST_SLOT);
  const dayEnd = minutesLater(businessInstant(date, LAST_SLOT), durationMinutes);
  await ensureVisitsUntil(db, dayEnd);
  const counts = TIME_SLOTS.map((time) => {
    const start = businessInstant(date, time);
    const end = minutesLater(start, durationMinutes);
    return sql<number>`(count(*) filter (where ${visits.startTime} < ${end.toISOString()}::timestamptz and ${visits.endTime} > ${start.toISOString()}::timestamptz))::int`;
  });
  const [row] = await db
    .select(Object.fromEntries(counts.map((value, index) => [`s${index}`, value])) as Record<string, typeof counts[number]>)
    .from(visits)
    .where(
      and(
        overlapping(dayStart, dayEnd),
        inArray(visits.status, [...CREW_HOLDING_STATUSES]),
        exceptVisitId === undefined ? undefined : ne(visits.id, exceptVisitId),
      ),
    );
  return TIME_SLOTS.map((_, index) => Number(row?.[`s${index}`] ?? 0));
}
