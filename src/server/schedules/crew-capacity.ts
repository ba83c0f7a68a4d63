import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { businessDateOf, formatBusinessDate, isDateString, type DateString } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { CREW_HOLDING_STATUSES, type ScheduleStatus } from "@/lib/schedule-enums";
import { crews, visits, type VisitOrigin } from "@/server/db/schema";
import { ConflictError } from "@/server/errors";
import { runStatement } from "@/server/db/statement";
import { LONGEST_VISIT_MS, overlapping } from "./visits";

/** A new business runs two crews (the migration and a fresh database start with them). */
export const DEFAULT_CREW_CAPACITY = 2;

/** First key of the advisory locks that guard each day's crew capacity (an arbitrary constant). */
const CAPACITY_LOCK_NAMESPACE = 4_701;

/** The arguments every count of a day's crews passes: how far back an overlapping visit can start, and which visits hold a crew. */
const LONGEST_VISIT = `${LONGEST_VISIT_MS} milliseconds`;
const HOLDING_STATUSES = `{${CREW_HOLDING_STATUSES.join(",")}}`;

const LOCK_DAY_AND_COUNT = `select busy, capacity from greenscape_lock_day_and_count($1::int, $2::int,
  $3::timestamptz, $4::timestamptz, $5::interval, $6::text[])`;

const PLACE_BOOKED_VISIT_OR_REFUSE = `select busy from greenscape_place_booked_visit_or_refuse($1::int, $2::int,
  $3::int, $4::date, $5::text, $6::interval, $7::text[])`;

/** The SQLSTATE greenscape_place_booked_visit_or_refuse raises when every crew is taken (migration 0041). */
export const EVERY_CREW_TAKEN = "GS409";

/** The second key of an Austin date's capacity lock, whoever takes it: the date as the number YYYYMMDD. */
const dayLockKey = (date: DateString) => Number(date.replaceAll("-", ""));

/** How many visits can run at the same time: one per crew at work. */
export async function getCrewCapacity(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(crews).where(eq(crews.active, true));
  return row?.value ?? 0;
}

/**
 * Makes the business run exactly `capacity` crews: the first ones (in screen order) stay, the rest
 * are retired, and missing ones are added as "Crew <n>". For seeding and tests; staff edit crews
 * one by one in Settings.
 */
export async function setCrewCapacity(db: Db, capacity: number): Promise<void> {
  await db.transaction(async (tx) => {
    const active = await tx.select({ id: crews.id }).from(crews).where(eq(crews.active, true)).orderBy(asc(crews.position), asc(crews.id));
    const retired = active.slice(capacity).map((crew) => crew.id);
    if (retired.length) await tx.update(crews).set({ active: false }).where(inArray(crews.id, retired));
    for (let n = active.length + 1; n <= capacity; n++) {
      await tx.insert(crews).values({ name: `Crew ${n}`, position: n });
    }
  });
}

/**
 * Everything that fills a day's crews (staff writes, rain-day moves; a booking through lockDayAndCount)
 * takes this lock for each Austin date it touches, inside its transaction, so a check and the write
 * that follows cannot interleave with another. Dates are locked in order so two writers never wait
 * on each other in a circle.
 */
export async function lockCapacityForDates(tx: Db, dates: DateString[]): Promise<void> {
  for (const date of [...new Set(dates)].filter(isDateString).sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(${CAPACITY_LOCK_NAMESPACE}::int, ${dayLockKey(date)}::int)`);
  }
}

/** How many crew-holding visits overlap [start, end), other than those of `exceptScheduleId`'s plan or the visit `exceptVisitId`. */
export async function countOverlappingVisits(
  db: Db,
  range: { start: Date; end: Date; exceptScheduleId?: number; exceptVisitId?: number },
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(visits)
    .where(
      and(
        overlapping(range.start, range.end),
        inArray(visits.status, [...CREW_HOLDING_STATUSES]),
        range.exceptScheduleId === undefined ? undefined : ne(visits.scheduleId, range.exceptScheduleId),
        range.exceptVisitId === undefined ? undefined : ne(visits.id, range.exceptVisitId),
      ),
    );
  return row?.value ?? 0;
}

/**
 * Takes the Austin day's lock (as lockCapacityForDates does) and then counts the crew-holding visits
 * overlapping [start, end) and the crew capacity, in one round trip (migration 0035): a booking's
 * check sees every booking committed while it waited for the lock, and holds the lock for this call
 * and its visit rows alone.
 */
export async function lockDayAndCount(
  tx: Db,
  date: DateString,
  range: { start: Date; end: Date },
): Promise<{ busy: number; capacity: number }> {
  const [row] = await runStatement<{ busy: number; capacity: number }>(tx, LOCK_DAY_AND_COUNT, [
    CAPACITY_LOCK_NAMESPACE,
    dayLockKey(date),
    range.start.toISOString(),
    range.end.toISOString(),
    LONGEST_VISIT,
    HOLDING_STATUSES,
  ]);
  return { busy: row?.busy ?? 0, capacity: row?.capacity ?? 0 };
}

/**
 * A one-time plan's visit, placed under its Austin day's lock in one round trip: takes the lock,
 * counts as lockDayAndCount does and, when a crew is free, writes the visit as createPlanVisits
 * would (migrations 0037, 0041). When every crew is taken the statement fails with
 * EVERY_CREW_TAKEN, which ends the transaction: nothing the caller sends after it, its COMMIT
 * included, writes anything. So the caller may send its COMMIT with this statement instead of
 * waiting for the count.
 */
export async function placeVisitOrRefuse(
  tx: Db,
  plan: { id: number; startTime: Date },
  origin: Exclude<VisitOrigin, "series">,
): Promise<void> {
  const date = businessDateOf(plan.startTime);
  await runStatement(tx, PLACE_BOOKED_VISIT_OR_REFUSE, [
    CAPACITY_LOCK_NAMESPACE,
    dayLockKey(date),
    plan.id,
    date,
    origin,
    LONGEST_VISIT,
    HOLDING_STATUSES,
  ]);
}

/**
 * Staff writes hold to the bookings' rule: a visit still to come that holds a crew must find a free
 * one. Takes the day's lock first (inside the caller's transaction), then counts. Visits already
 * started or past are history and are not checked.
 */
export async function claimCrew(
  tx: Db,
  visit: { startTime: Date; endTime: Date; status: ScheduleStatus; exceptScheduleId?: number; exceptVisitId?: number },
  now: Date = new Date(),
): Promise<void> {
  if (!CREW_HOLDING_STATUSES.includes(visit.status) || visit.startTime <= now) return;
  await lockCapacityForDates(tx, [businessDateOf(visit.startTime)]);
  const busy = await countOverlappingVisits(tx, {
    start: visit.startTime,
    end: visit.endTime,
    exceptScheduleId: visit.exceptScheduleId,
    exceptVisitId: visit.exceptVisitId,
  });
  const capacity = await getCrewCapacity(tx);
  if (busy >= capacity) {
    throw new ConflictError(
      `Every crew is busy at ${formatBusinessDate(visit.startTime, "h:mm a 'on' MMMM d")} (crew capacity ${capacity}). Pick another time or free a crew first.`,
    );
  }
}
