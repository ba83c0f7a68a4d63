import { businessInstant, type DateString } from "@/lib/business-time";
import { isBookableDate, slotLabel, slotsForDate, TIME_SLOTS } from "@/lib/slots";
import type { TAvailabilityResponse } from "@/server/api/schemas/booking";
import type { Db } from "@/server/db";
import { listVisits } from "@/server/schedules/visits";
import { getCrewCapacity } from "@/server/schedules/crew-capacity";
import type { ScheduleStatus } from "@/lib/schedule-enums";

/** beyond.md 2: visits that still hold a crew. Completed and cancelled ones free it. */
export const CREW_HOLDING_STATUSES: readonly ScheduleStatus[] = ["pending", "confirmed"];

const FIRST_SLOT = TIME_SLOTS[0];
const LAST_SLOT = TIME_SLOTS[TIME_SLOTS.length - 1] ?? FIRST_SLOT;

/** One day's slots as GET /api/availability answers them (the route adds the service's id). */
export type DayAvailability = Omit<TAvailabilityResponse, "serviceId">;

function minutesLater(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * 60_000);
}

/**
 * How many crew-holding visits overlap [start, end). Recurring series are expanded by listVisits,
 * so every visit of a series counts (beyond.md 4).
 */
export async function countOverlappingVisits(db: Db, range: { start: Date; end: Date }): Promise<number> {
  const visits = await listVisits(db, { from: range.start, to: range.end, statuses: CREW_HOLDING_STATUSES });
  return visits.length;
}

/**
 * Every slot of the day with whether it can be booked for a service of `durationMinutes`: the
 * slot must still be offered (from tomorrow, spec 5) and fewer visits than crews may overlap
 * [slot start, slot start + duration).
 */
export async function dayAvailability(
  db: Db,
  options: { date: DateString; durationMinutes: number; now?: Date },
): Promise<DayAvailability> {
  const { date, durationMinutes, now = new Date() } = options;
  const capacity = await getCrewCapacity(db);
  const offered = new Set<string>(isBookableDate(date, now) ? slotsForDate(date, now) : []);
  const dayStart = businessInstant(date, FIRST_SLOT);
  const dayEnd = minutesLater(businessInstant(date, LAST_SLOT), durationMinutes);
  const visits = offered.size
    ? await listVisits(db, { from: dayStart, to: dayEnd, statuses: CREW_HOLDING_STATUSES })
    : [];

  const slots = TIME_SLOTS.map((time) => {
    const startTime = businessInstant(date, time);
    const endTime = minutesLater(startTime, durationMinutes);
    const overlapping = visits.filter((visit) => visit.startTime < endTime && visit.endTime > startTime).length;
    const full = overlapping >= capacity;
    return { time, label: slotLabel(time), startTime, endTime, full, available: offered.has(time) && !full };
  });
  return { date, capacity, slots };
}
