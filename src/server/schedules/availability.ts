import { sql } from "drizzle-orm";
import { businessInstant, type DateString } from "@/lib/business-time";
import { isBookableDate, slotLabel, slotsForDate, TIME_SLOTS } from "@/lib/slots";
import type { TAvailabilityResponse } from "./schemas";
import type { Db } from "@/server/db";
import { rowsOf } from "@/server/db/rows";
import { CREW_HOLDING_STATUSES } from "@/lib/schedule-enums";
import { countOverlappingVisits } from "./crew-capacity";
import { LONGEST_VISIT_MS } from "@/server/schedules/visits";

export { CREW_HOLDING_STATUSES, countOverlappingVisits };

/** One day's slots as GET /api/availability answers them (the route adds the service's id). */
export type DayAvailability = Omit<TAvailabilityResponse, "serviceId">;

function minutesLater(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * 60_000);
}

/** Where the slots' length comes from: an offered service's duration, or minutes given. */
export type SlotLength = { serviceId: number } | { durationMinutes: number };

/** Computed once: date-fns parses and formats each label. */
const SLOT_LABELS = TIME_SLOTS.map(slotLabel);

type DayOptions = { date: DateString; now?: Date; exceptVisitId?: number };

/**
 * Every slot of the day with whether it can be booked for a service: the slot must still be offered
 * (from tomorrow) and fewer visits than crews may overlap [slot start, slot start + duration). A
 * visit being moved (`exceptVisitId`) does not count against itself. Null when the service does not
 * exist or is no longer offered.
 */
export async function dayAvailability(db: Db, options: DayOptions & { durationMinutes: number }): Promise<DayAvailability>;
export async function dayAvailability(db: Db, options: DayOptions & SlotLength): Promise<DayAvailability | null>;
export async function dayAvailability(db: Db, options: DayOptions & SlotLength): Promise<DayAvailability | null> {
  const { date, now = new Date(), exceptVisitId } = options;
  const offered = new Set<string>(isBookableDate(date, now) ? slotsForDate(date, now) : []);
  const starts = TIME_SLOTS.map((time) => businessInstant(date, time));
  const day = await readDay(db, { starts, countBusy: offered.size > 0, length: options, exceptVisitId });
  if (!day) return null;
  const slots = TIME_SLOTS.map((time, index) => {
    const startTime = starts[index]!;
    const endTime = minutesLater(startTime, day.duration);
    const full = (day.busy[index] ?? 0) >= day.capacity;
    return { time, label: SLOT_LABELS[index]!, startTime, endTime, full, available: offered.has(time) && !full };
  });
  return { date, capacity: day.capacity, slots };
}

/**
 * Crew-holding visits overlapping each slot: one filter per slot over the same rows, slot i starting
 * at slot.starts[i]. Constant text, written once: the slots and statuses are fixed lists.
 */
const BUSY_PER_SLOT = sql.raw(
  `array[${TIME_SLOTS.map((_, index) => `count(*) filter (where visits.start_time < slot.starts[${index + 1}] + slot.length and visits.end_time > slot.starts[${index + 1}])`).join(", ")}]::int[]`,
);
const CREW_HOLDING = sql.raw(`visits.status in (${CREW_HOLDING_STATUSES.map((status) => `'${status}'`).join(", ")})`);

/**
 * The slots' length, the crew capacity and, for each slot, how many crew-holding visits overlap
 * [slot start, slot start + length): one statement (one round trip), whose count is one aggregate
 * over the day's rows found through the start-time index.
 */
async function readDay(
  db: Db,
  { starts, countBusy, length, exceptVisitId }: { starts: Date[]; countBusy: boolean; length: SlotLength; exceptVisitId?: number },
) {
  const source =
    "serviceId" in length
      ? sql`select duration from services where id = ${length.serviceId} and is_active`
      : sql`select ${length.durationMinutes}::int as duration`;
  const startsArray = `{${starts.map((start) => start.toISOString()).join(",")}}`;
  const result: unknown = await db.execute(sql`
    select slot.duration,
      (select count(*)::int from crews where active) as capacity,
      (select ${BUSY_PER_SLOT} from visits
        where ${countBusy}
          and visits.start_time >= slot.starts[1] - make_interval(secs => ${LONGEST_VISIT_MS / 1000})
          and visits.start_time < slot.starts[${starts.length}] + slot.length
          and visits.end_time > slot.starts[1]
          and ${CREW_HOLDING}
          ${exceptVisitId === undefined ? sql`` : sql`and visits.id <> ${exceptVisitId}`}) as busy
    from (select duration, make_interval(mins => duration) as length, ${startsArray}::timestamptz[] as starts from (${source}) service) slot`);
  const [row] = rowsOf<{ duration: number; capacity: unknown; busy: number[] | null }>(result);
  if (!row) return null;
  return { duration: Number(row.duration), capacity: Number(row.capacity), busy: row.busy ?? [] };
}
