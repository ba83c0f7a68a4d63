import { and, eq, gt, gte, lt, isNotNull, notInArray, sql } from "drizzle-orm";
import {
  addDays,
  businessDateOf,
  businessToday,
  endOfBusinessDayExclusive,
  startOfBusinessDay,
  type DateString,
} from "@/lib/business-time";
import { expandOccurrences, SERIES_HORIZON_DAYS } from "@/lib/recurrence";
import type { Db } from "@/server/db";
import { schedules, visits, type VisitOrigin } from "@/server/db/schema";

/**
 * The last day a series has its visits as rows (SERIES_HORIZON_DAYS ahead, in src/lib/recurrence.ts
 * with the staff form that mentions it; drizzle/0007_visits.sql used the same number). Nothing
 * generates past it: reads only read, and a date in a request (a visit id, a far window) never
 * extends a series.
 */
export function horizonDate(now: Date = new Date()): DateString {
  return addDays(businessToday(now), SERIES_HORIZON_DAYS);
}

type Plan = typeof schedules.$inferSelect;

/**
 * The status a plan's visits take from it: a one-time plan's visit, the plan's own. A series saved
 * as completed is a plan that has ended, not visits done: its visits still to come are cancelled, so
 * no day ahead reads as work done (in the work report, or as a treatment without its record).
 */
function visitStatusOf(plan: Plan): Plan["status"] {
  return plan.isRecurring && plan.status === "completed" ? "cancelled" : plan.status;
}

/** The fields a visit takes over from its plan. */
export function visitFieldsOf(plan: Plan) {
  return {
    scheduleId: plan.id,
    customerId: plan.customerId,
    serviceId: plan.serviceId,
    crewId: plan.crewId,
    status: visitStatusOf(plan),
    totalPrice: plan.totalPrice,
    lawnSizeSqFt: plan.lawnSizeSqFt,
    notes: plan.notes,
    specialInstructions: plan.specialInstructions,
    address: plan.address,
    city: plan.city,
    state: plan.state,
    zipCode: plan.zipCode,
  };
}

/** The series' planned visits with an Austin date in [fromDate, throughDate]. */
function plannedVisits(plan: Plan, fromDate: DateString, throughDate: DateString) {
  const series = {
    startTime: plan.startTime,
    endTime: plan.endTime,
    isRecurring: true,
    recurringFrequency: plan.recurringFrequency ?? "weekly",
    recurringEndDate: plan.recurringEndDate,
  };
  const range = { from: startOfBusinessDay(addDays(fromDate, -1)), to: endOfBusinessDayExclusive(throughDate) };
  return expandOccurrences(series, range).filter(
    (occurrence) => occurrence.occurrenceDate >= fromDate && occurrence.occurrenceDate <= throughDate,
  );
}

const INSERT_BATCH = 500;

/**
 * Creates the series' missing visits from `fromDate` through `throughDate`. Idempotent: a visit
 * that already exists for a planned date stays as it is.
 */
export async function generateSeriesVisits(db: Db, plan: Plan, fromDate: DateString, throughDate: DateString): Promise<number> {
  const rows = plannedVisits(plan, fromDate, throughDate).map((occurrence) => ({
    ...visitFieldsOf(plan),
    occurrenceDate: occurrence.occurrenceDate,
    startTime: occurrence.startTime,
    endTime: occurrence.endTime,
    origin: "series" as VisitOrigin,
  }));
  let created = 0;
  for (let index = 0; index < rows.length; index += INSERT_BATCH) {
    const inserted = await db
      .insert(visits)
      .values(rows.slice(index, index + INSERT_BATCH))
      .onConflictDoNothing({ target: [visits.scheduleId, visits.occurrenceDate] })
      .returning({ id: visits.id });
    created += inserted.length;
  }
  await db
    .update(schedules)
    .set({
      visitsGeneratedThrough: sql`greatest(coalesce(${schedules.visitsGeneratedThrough}, ${throughDate}::date), ${throughDate}::date)`,
    })
    .where(eq(schedules.id, plan.id));
  return created;
}

/**
 * After a series is edited: its visits from `fromDate` on that were not changed on their own take
 * the new plan (same date: updated in place, keeping their ids; dates no longer planned: removed;
 * new dates: created). Visits changed on their own are kept as they are.
 */
export async function regenerateSeriesVisits(db: Db, plan: Plan, fromDate: DateString, now: Date = new Date()) {
  const throughDate = horizonDate(now);
  const planned = plannedVisits(plan, fromDate, throughDate);
  const plannedDates = planned.map((occurrence) => occurrence.occurrenceDate);
  const notChangedFromDate = and(eq(visits.scheduleId, plan.id), gte(visits.occurrenceDate, fromDate), eq(visits.changed, false));
  const removed = await db
    .delete(visits)
    .where(plannedDates.length ? and(notChangedFromDate, notInArray(visits.occurrenceDate, plannedDates)) : notChangedFromDate)
    .returning({ id: visits.id });
  let updated = 0;
  for (let index = 0; index < planned.length; index += INSERT_BATCH) {
    const rows = planned.slice(index, index + INSERT_BATCH).map((occurrence) => ({
      ...visitFieldsOf(plan),
      occurrenceDate: occurrence.occurrenceDate,
      startTime: occurrence.startTime,
      endTime: occurrence.endTime,
      origin: "series" as VisitOrigin,
    }));
    const written = await db
      .insert(visits)
      .values(rows)
      .onConflictDoUpdate({
        target: [visits.scheduleId, visits.occurrenceDate],
        set: {
          customerId: sql`excluded.customer_id`,
          serviceId: sql`excluded.service_id`,
          crewId: sql`excluded.crew_id`,
          startTime: sql`excluded.start_time`,
          endTime: sql`excluded.end_time`,
          status: sql`excluded.status`,
          totalPrice: sql`excluded.total_price`,
          lawnSizeSqFt: sql`excluded.lawn_size_sq_ft`,
          notes: sql`excluded.notes`,
          specialInstructions: sql`excluded.special_instructions`,
          address: sql`excluded.address`,
          city: sql`excluded.city`,
          state: sql`excluded.state`,
          zipCode: sql`excluded.zip_code`,
          origin: sql`excluded.origin`,
          // Rewritten by a series save, which then checks every visit against the crews.
          needsTime: false,
          updatedAt: new Date(),
        },
        setWhere: eq(visits.changed, false),
      })
      .returning({ id: visits.id });
    updated += written.length;
  }
  const [kept] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(visits)
    .where(and(eq(visits.scheduleId, plan.id), gte(visits.occurrenceDate, fromDate), eq(visits.changed, true)));
  await db.update(schedules).set({ visitsGeneratedThrough: throughDate }).where(eq(schedules.id, plan.id));
  return { updated, removed: removed.length, kept: kept?.count ?? 0 };
}

/**
 * Makes sure every series has its visits as rows through `throughDate`, but never past the
 * horizon of `now`: a later date is cut to it. Generates what is missing (idempotently, so
 * concurrent calls are harmless) and returns how many visits it created. Only the daily job
 * (extendSeriesToHorizon) calls it; reads never do.
 */
export async function extendSeriesThrough(db: Db, throughDate: DateString, now: Date = new Date()): Promise<number> {
  const horizon = horizonDate(now);
  const target = throughDate < horizon ? throughDate : horizon;
  const behind = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.isRecurring, true), isNotNull(schedules.visitsGeneratedThrough), lt(schedules.visitsGeneratedThrough, target)));
  let created = 0;
  for (const plan of behind) {
    const lastDate = plan.recurringEndDate ? businessDateOf(plan.recurringEndDate) : null;
    const fromDate = addDays(plan.visitsGeneratedThrough!, 1);
    if (lastDate !== null && lastDate < fromDate) {
      await db.update(schedules).set({ visitsGeneratedThrough: target }).where(eq(schedules.id, plan.id));
      continue;
    }
    created += await generateSeriesVisits(db, plan, fromDate, target);
  }
  return created;
}

/**
 * Removes what lies past the horizon of `now` and was never changed on its own: series visits
 * an older version generated when a far window or a far visit id was read. The extension brings
 * them back once the horizon reaches them. Returns how many visits it removed.
 */
export async function trimPastHorizon(db: Db, now: Date = new Date()): Promise<number> {
  const horizon = horizonDate(now);
  const removed = await db
    .delete(visits)
    .where(and(eq(visits.origin, "series"), eq(visits.changed, false), gt(visits.occurrenceDate, horizon)))
    .returning({ id: visits.id });
  await db
    .update(schedules)
    .set({ visitsGeneratedThrough: horizon })
    .where(and(eq(schedules.isRecurring, true), gt(schedules.visitsGeneratedThrough, horizon)));
  return removed.length;
}

/** The daily job: every series has its visits as rows through the horizon of `now`, and none past it. */
export async function extendSeriesToHorizon(db: Db, now: Date = new Date()) {
  const removed = await trimPastHorizon(db, now);
  const created = await extendSeriesThrough(db, horizonDate(now), now);
  return { created, removed };
}
