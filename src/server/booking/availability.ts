import { inArray, sql } from "drizzle-orm";
import { addDays, businessInstant, endOfBusinessDayExclusive, type DateString } from "@/lib/business-time";
import { isBookableDate, slotLabel, slotsForDate, TIME_SLOTS } from "@/lib/slots";
import type { TAvailabilityResponse } from "@/server/api/schemas/booking";
import type { Db } from "@/server/db";
import { businessSettings, services, visits } from "@/server/db/schema";
import { CREW_CAPACITY_SETTING, CREW_HOLDING_STATUSES, countOverlappingVisits, crewCapacityOf } from "@/server/schedules/crew-capacity";
import { LONGEST_VISIT_MS } from "@/server/schedules/visits";
import { ensureVisitsUntil } from "@/server/schedules/series";

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

/**
 * Every slot of the day with whether it can be booked for a service: the slot must still be offered
 * (from tomorrow) and fewer visits than crews may overlap [slot start, slot start + duration). Null
 * when the service does not exist or is no longer offered.
 */
export async function dayAvailability(db: Db, options: { date: DateString; now?: Date } & SlotLength): Promise<DayAvailability | null> {
  const { date, now = new Date() } = options;
  const offered = new Set<string>(isBookableDate(date, now) ? slotsForDate(date, now) : []);
  const starts = TIME_SLOTS.map((time) => businessInstant(date, time));
  // Series have their visits as rows through the day after (no visit lasts longer than a day).
  if (offered.size) await ensureVisitsUntil(db, endOfBusinessDayExclusive(addDays(date, 1)));
  const day = await readDay(db, { starts, countBusy: offered.size > 0, length: options });
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
 * The slots' length, the crew capacity and, for each slot, how many crew-holding visits overlap
 * [slot start, slot start + length): one statement (one round trip), whose count is one aggregate
 * over the day's rows found through the start-time index.
 */
async function readDay(db: Db, { starts, countBusy, length }: { starts: Date[]; countBusy: boolean; length: SlotLength }) {
  const source =
    "serviceId" in length
      ? sql`select ${services.duration} as duration from ${services} where ${services.id} = ${length.serviceId} and ${services.isActive}`
      : sql`select ${length.durationMinutes}::int as duration`;
  const first = starts[0]!.toISOString();
  const last = starts[starts.length - 1]!.toISOString();
  const slotLength = sql`make_interval(mins => slot_length.duration)`;
  const counts = starts.map((start) => {
    const at = sql`${start.toISOString()}::timestamptz`;
    return sql`count(*) filter (where ${visits.startTime} < ${at} + ${slotLength} and ${visits.endTime} > ${at})`;
  });
  const result: unknown = await db.execute(sql`
    select slot_length.duration,
      (select ${businessSettings.value} from ${businessSettings} where ${businessSettings.key} = ${CREW_CAPACITY_SETTING}) as capacity,
      (select array[${sql.join(counts, sql`, `)}]::int[] from ${visits}
        where ${countBusy}
          and ${visits.startTime} >= ${first}::timestamptz - make_interval(secs => ${LONGEST_VISIT_MS / 1000})
          and ${visits.startTime} < ${last}::timestamptz + ${slotLength}
          and ${visits.endTime} > ${first}::timestamptz
          and ${inArray(visits.status, [...CREW_HOLDING_STATUSES])}) as busy
    from (${source}) slot_length`);
  // postgres.js gives the rows, PGlite a result holding them.
  const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ duration: number; capacity: unknown; busy: number[] | null }>;
  if (!row) return null;
  return { duration: Number(row.duration), capacity: crewCapacityOf(row.capacity), busy: row.busy ?? [] };
}
