import { and, eq, gte, ne, or, sql } from "drizzle-orm";
import { businessDateOf, businessToday } from "@/lib/business-time";
import { SERIES_HORIZON_DAYS } from "@/lib/recurrence";
import { bookingPrice } from "@/lib/pricing";
import { SCHEDULE_MESSAGES, type TSchedulePayload } from "@/lib/validation/schedule";
import { assertRecordedBeforeSave } from "@/server/applications/record";
import type { Db } from "@/server/db";
import { customers, schedules, services, visits } from "@/server/db/schema";
import { InvalidInputError, NotFoundError } from "@/server/errors";
import { emit } from "@/server/events/emit";
import { findNotifiableVisit, listVisitsBetween, type NotifiableVisit } from "./notifiable-visits";
import { assertActiveCrew } from "@/server/crews/crews-repository";
import { assertCrewFree } from "./crew-assignment";
import { claimCrew } from "./crew-capacity";
import { getSchedule } from "./get-schedule";
import { createPlanVisits } from "./plan-visits";
import { regenerateSeriesVisits, visitFieldsOf } from "./series";
import { resolveSeriesClashes } from "./series-clashes";
import { findVisit } from "./visits";

/** What a plan's price was set from, and the price: an edit that leaves the first three keeps the last. */
type PricedPlan = Pick<typeof schedules.$inferSelect, "serviceId" | "lawnSizeSqFt" | "isRecurring" | "totalPrice">;

/**
 * The stored fields of a payload. A service is optional: with one, the price follows it (this
 * lawn, less the recurring discount) unless staff enter one; without one it is what staff enter,
 * else 0. An edit that enters no price and keeps the service, lawn size and recurrence keeps the
 * plan's price: moving a visit never reprices what was agreed (a quote's price, a custom price).
 */
async function scheduleValues(db: Db, payload: TSchedulePayload, existing?: PricedPlan) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, payload.customerId));
  if (!customer) throw new InvalidInputError(SCHEDULE_MESSAGES.customer, "customerId");

  let totalPrice = payload.totalPrice;
  const pricedAsBefore =
    existing &&
    (payload.serviceId ?? null) === existing.serviceId &&
    (payload.lawnSizeSqFt ?? null) === existing.lawnSizeSqFt &&
    payload.isRecurring === existing.isRecurring;
  if (pricedAsBefore) totalPrice ??= existing.totalPrice;
  if (payload.serviceId != null) {
    const [service] = await db.select().from(services).where(eq(services.id, payload.serviceId));
    if (!service) throw new InvalidInputError(SCHEDULE_MESSAGES.service, "serviceId");
    totalPrice ??= bookingPrice(service, { lawnSizeSqFt: payload.lawnSizeSqFt, isRecurring: payload.isRecurring }).total;
  }

  await assertActiveCrew(db, payload.crewId);

  return {
    customerId: payload.customerId,
    serviceId: payload.serviceId ?? null,
    // Left out, an edit keeps the crew (undefined is not written); a new schedule starts unassigned.
    crewId: payload.crewId,
    date: payload.date,
    startTime: payload.startTime,
    endTime: payload.endTime,
    status: payload.status,
    notes: payload.notes ?? null,
    isRecurring: payload.isRecurring,
    recurringFrequency: payload.recurringFrequency,
    recurringEndDate: payload.recurringEndDate,
    lawnSizeSqFt: payload.lawnSizeSqFt ?? null,
    totalPrice: totalPrice ?? 0,
    specialInstructions: payload.specialInstructions ?? null,
    // A visit happens at the customer's address unless the schedule names another one.
    address: payload.address ?? customer.address,
    city: payload.city ?? customer.city,
    state: payload.state ?? customer.state,
    zipCode: payload.zipCode ?? customer.zipCode,
  };
}

export async function createSchedule(db: Db, payload: TSchedulePayload, now = new Date()) {
  const values = await scheduleValues(db, payload);
  return db.transaction(async (tx) => {
    // A new one-time treatment visit has no application record yet, so it cannot be saved as done.
    if (!values.isRecurring && values.status === "completed") await assertRecordedBeforeSave(tx, null, values.serviceId);
    await claimCrew(tx, values, now);
    const [plan] = await tx.insert(schedules).values(values).returning();
    await emit(tx, { type: "plan.saved", scheduleId: plan!.id });
    await createPlanVisits(tx, plan!, "staff", now);
    // The first visit was checked as a booking's is; a series reaches a year ahead, so each later
    // visit is checked too, and clashes are refused or moved as staff chose.
    const movedVisits = plan!.isRecurring
      ? await resolveSeriesClashes(tx, plan!.id, { move: payload.moveClashingVisits ?? false, now })
      : [];
    await assertCrewFree(tx, { scheduleId: plan!.id }, now);
    return { ...(await getSchedule(tx, plan!.id)), seriesChange: null, movedVisits };
  });
}

/**
 * A series edit tells the customer and integrations about the visits it moves within this window (a
 * note each, as for a one-time visit); later ones show in the portal, the calendar feed and the
 * reminder.
 */
const SERIES_NOTES_AHEAD_MS = 14 * 86_400_000;

/**
 * Updates a plan. A one-time plan is its visit. A series changes its visits from today on that
 * were not changed on their own; the answer counts those updated and those kept.
 */
export async function updateSchedule(db: Db, id: number, payload: TSchedulePayload, now = new Date()) {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({
        id: schedules.id,
        customerId: schedules.customerId,
        serviceId: schedules.serviceId,
        lawnSizeSqFt: schedules.lawnSizeSqFt,
        isRecurring: schedules.isRecurring,
        totalPrice: schedules.totalPrice,
      })
      .from(schedules)
      .where(eq(schedules.id, id))
      .for("update");
    if (!existing) throw new NotFoundError("Schedule not found");
    const values = await scheduleValues(tx, payload, existing);
    await claimCrew(tx, { ...values, exceptScheduleId: id }, now);
    // A one-time schedule is its visit: a new time or status is news for the customer.
    const before = await findNotifiableVisit(tx, String(id));
    if (!values.isRecurring && values.status === "completed" && before?.status !== "completed") {
      await assertRecordedBeforeSave(tx, before ? id : null, values.serviceId);
    }
    const [plan] = await tx
      .update(schedules)
      .set({ ...values, updatedAt: now })
      .where(eq(schedules.id, id))
      .returning();
    await emit(tx, { type: "plan.saved", scheduleId: id });

    let seriesChange: { visitsUpdated: number; visitsRemoved: number; visitsKept: number } | null = null;
    let movedVisits: Awaited<ReturnType<typeof resolveSeriesClashes>> = [];
    if (plan!.isRecurring) {
      const planVisits = async (customerId: number) =>
        (await listVisitsBetween(tx, { from: now, to: seriesHorizonAfter(now), customerId })).filter((visit) => visit.scheduleId === id);
      const visitsBefore = await planVisits(existing.customerId);
      const result = await regenerateSeriesVisits(tx, plan!, businessToday(now), now);
      seriesChange = { visitsUpdated: result.updated, visitsRemoved: result.removed, visitsKept: result.kept };
      movedVisits = await resolveSeriesClashes(tx, id, { move: payload.moveClashingVisits ?? false, now });
      // Saved for another customer, the visits are theirs now.
      const visitsAfter = new Map((await planVisits(plan!.customerId)).map((visit) => [visit.id, visit]));
      const notesUntil = now.getTime() + SERIES_NOTES_AHEAD_MS;
      for (const visitBefore of visitsBefore) {
        const visitAfter = visitsAfter.get(visitBefore.id);
        const quiet = visitBefore.startTime.getTime() >= notesUntil;
        if (visitAfter) await emitChanged(tx, visitBefore, visitAfter, now, { quiet, completes: false });
      }
    } else {
      await makeOneTimeVisit(tx, plan!, now);
      const after = await findNotifiableVisit(tx, String(id));
      if (before && after) await emitChanged(tx, before, after, new Date(), { quiet: false, completes: true });
    }
    await assertCrewFree(tx, { scheduleId: id }, now);
    return { ...(await getSchedule(tx, id)), seriesChange, movedVisits };
  });
}

/**
 * Saving a plan rewrites its visits in bulk (series.ts, makeOneTimeVisit): each visit whose status
 * or time the save changed is announced here, compared as it was before the save; a series' visits
 * past the notes window change quietly. A one-time visit the save completes is announced as
 * completed too, as setVisitStatus does (billing charges autopay from it); a series saved as
 * completed is a plan that has ended, not a year of visits done, so its visits still to come are
 * cancelled (series.ts), announced as such and never charged.
 */
async function emitChanged(
  tx: Db,
  before: NotifiableVisit,
  after: NotifiableVisit,
  now: Date,
  { quiet, completes }: { quiet: boolean; completes: boolean },
) {
  if (before.status === after.status && before.startTime.getTime() === after.startTime.getTime()) return;
  await emit(tx, { type: "visit.changed", before, after, changedBy: "staff", rainDay: false, quiet, now });
  if (!completes || after.status !== "completed" || before.status === "completed") return;
  const visit = await findVisit(tx, after.id);
  if (!visit) return;
  const { id, scheduleId, customerId, totalPrice } = visit;
  await emit(tx, { type: "visit.completed", visit: { id, scheduleId, customerId, totalPrice } });
}

/** Past the last day a series has visits generated for (lib/recurrence.ts). */
function seriesHorizonAfter(now: Date) {
  return new Date(now.getTime() + (SERIES_HORIZON_DAYS + 2) * 86_400_000);
}

/**
 * A one-time plan keeps exactly one visit still to come: the one sharing its id. Saved by staff, it
 * has passed the crews' check at its time, so a visit that needed a time has one now.
 */
async function makeOneTimeVisit(tx: Db, plan: typeof schedules.$inferSelect, now: Date) {
  const occurrenceDate = businessDateOf(plan.startTime);
  // A former series' visits still to come go; its past ones stay as history.
  await tx
    .delete(visits)
    .where(
      and(
        eq(visits.scheduleId, plan.id),
        ne(visits.id, plan.id),
        or(gte(visits.startTime, now), eq(visits.occurrenceDate, occurrenceDate)),
      ),
    );
  const fields = { ...visitFieldsOf(plan), occurrenceDate, startTime: plan.startTime, endTime: plan.endTime, updatedAt: now };
  const [updated] = await tx
    .update(visits)
    .set({ ...fields, needsTime: false, origin: sql`case when ${visits.origin} = 'series' then 'staff' else ${visits.origin} end` })
    .where(eq(visits.id, plan.id))
    .returning({ id: visits.id });
  if (!updated) await tx.insert(visits).values({ ...fields, id: plan.id, origin: "staff" });
}
