import {
  addDays,
  businessDateOf,
  businessInstant,
  endOfBusinessDayExclusive,
  formatBusinessDate,
  startOfBusinessDay,
  type DateString,
} from "@/lib/business-time";
import { BUSINESS } from "@/lib/business";
import { isBookableDate, slotsForDate } from "@/lib/slots";
import type { TSelfServiceAction, TSelfServiceRules } from "@/lib/validation/self-service";
import { dayAvailability } from "@/server/schedules/availability";
import { DATE_NOT_BOOKABLE_MESSAGE, SLOT_TAKEN_MESSAGE } from "@/server/booking/create-booking";
import type { Db } from "@/server/db";
import { ConflictError, ForbiddenError, InvalidInputError } from "@/server/errors";
import { CREW_HOLDING_STATUSES } from "@/lib/schedule-enums";
import { countOverlappingVisits, getCrewCapacity } from "@/server/schedules/crew-capacity";
import { horizonDate } from "@/server/schedules/series";
import { listVisits, type Visit } from "@/server/schedules/visits";
import { assertChangeable, assertRecurring, isOutsideNotice, tooLateMessage, visitLabel } from "./rules";

/** How far either side of its planned date a visit may be moved. */
export const RESCHEDULE_WINDOW_DAYS = 14;

export type ChangeEffect = "skipped" | "moved" | "paused" | "restored" | "notRestored" | "removed";

export interface PlannedVisitChange {
  visit: Visit;
  effect: ChangeEffect;
  newStartTime?: Date;
  newEndTime?: Date;
  /** Why a visit could not be restored. */
  note?: string;
}

/** What an action will do: the preview shows it, the action applies it. */
export interface ChangePlan {
  action: TSelfServiceAction["action"];
  visit: Visit;
  summary: string;
  /** The line added to the customer's conversation, so the office sees it in Messages. */
  message: string;
  changes: PlannedVisitChange[];
  /** Ending the plan: the Austin date of its last visit. */
  lastDate?: DateString;
}

/** Austin dates the plan fills or frees, to take their capacity locks before it is checked again. */
export function datesTouched(plan: ChangePlan): DateString[] {
  return plan.changes.flatMap((change) => [
    businessDateOf(change.visit.startTime),
    ...(change.newStartTime ? [businessDateOf(change.newStartTime)] : []),
  ]);
}

const isHolding = (visit: Visit) => CREW_HOLDING_STATUSES.includes(visit.status);
const day = (date: DateString) => formatBusinessDate(startOfBusinessDay(date), "EEE, MMM d");
const planName = (visit: Visit) => visit.service?.name ?? "your plan";
const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

function daysBetween(from: DateString, to: DateString): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

/** The plan's visits starting in [from, to), soonest first. */
async function seriesVisits(db: Db, visit: Visit, from: Date, to: Date): Promise<Visit[]> {
  const all = await listVisits(db, { customerId: visit.customerId, from, to });
  return all.filter((other) => other.scheduleId === visit.scheduleId && other.startTime >= from);
}

export async function planChange(
  db: Db,
  visit: Visit,
  input: TSelfServiceAction,
  rules: TSelfServiceRules,
  now: Date,
): Promise<ChangePlan> {
  switch (input.action) {
    case "skip":
      return planSkip(visit, rules, now);
    case "reschedule":
      return planReschedule(db, visit, input, rules, now);
    case "pause":
      return planPause(db, visit, input.until, rules, now);
    case "resume":
      return planResume(db, visit, rules, now);
    case "endPlan":
      return planEnd(db, visit, rules, now);
  }
}

function planSkip(visit: Visit, rules: TSelfServiceRules, now: Date): ChangePlan {
  assertRecurring(visit, "skipped");
  assertChangeable(visit, rules, now);
  return {
    action: "skip",
    visit,
    summary: `Skip the visit of ${visitLabel(visit)}. The plan goes on as before.`,
    message: `Skipped the visit of ${visitLabel(visit)}`,
    changes: [{ visit, effect: "skipped" }],
  };
}

/** Moving is allowed by the business, the visit may still change, and the date is bookable and near the planned one. */
export function assertReschedulableTo(visit: Visit, date: DateString, rules: TSelfServiceRules, now: Date): void {
  if (!rules.allowReschedule) {
    throw new ForbiddenError(`Visits cannot be moved online: you can skip this one, or call us at ${BUSINESS.phone} to move it.`);
  }
  assertChangeable(visit, rules, now);
  if (Math.abs(daysBetween(visit.occurrenceDate, date)) > RESCHEDULE_WINDOW_DAYS) {
    const first = addDays(visit.occurrenceDate, -RESCHEDULE_WINDOW_DAYS);
    const last = addDays(visit.occurrenceDate, RESCHEDULE_WINDOW_DAYS);
    throw new InvalidInputError(
      `Pick a date within ${RESCHEDULE_WINDOW_DAYS} days of the planned one: ${day(first)} to ${day(last)}.`,
      "date",
    );
  }
  if (!isBookableDate(date, now)) throw new InvalidInputError(DATE_NOT_BOOKABLE_MESSAGE, "date");
}

async function planReschedule(
  db: Db,
  visit: Visit,
  input: { date: DateString; timeSlot: string },
  rules: TSelfServiceRules,
  now: Date,
): Promise<ChangePlan> {
  const { date, timeSlot } = input;
  assertReschedulableTo(visit, date, rules, now);
  if (!slotsForDate(date, now).some((slot) => slot === timeSlot))
    throw new InvalidInputError("Pick one of the times offered for that day.", "timeSlot");
  const newStartTime = businessInstant(date, timeSlot);
  const duration = visit.endTime.getTime() - visit.startTime.getTime();
  const newEndTime = new Date(newStartTime.getTime() + duration);
  if (newStartTime.getTime() === visit.startTime.getTime()) throw new InvalidInputError("The visit is already at that time.", "timeSlot");
  if (!isOutsideNotice(newStartTime, rules, now)) {
    throw new InvalidInputError(`The new time must be more than ${rules.noticeHours} hours away.`, "date");
  }
  // The same availability as booking, without counting the visit being moved against itself.
  const availability = await dayAvailability(db, { date, durationMinutes: duration / 60_000, now, exceptVisitId: visit.id });
  if (!availability.slots.find((slot) => slot.time === timeSlot)?.available) throw new ConflictError(SLOT_TAKEN_MESSAGE);
  const to = `${formatBusinessDate(newStartTime, "EEE, MMM d 'at' h:mm a")}`;
  return {
    action: "reschedule",
    visit,
    summary: `Move the visit of ${visitLabel(visit)} to ${to}.`,
    message: `Moved the visit of ${visitLabel(visit)} to ${to}`,
    changes: [{ visit, effect: "moved", newStartTime, newEndTime }],
  };
}

async function planPause(db: Db, visit: Visit, until: DateString, rules: TSelfServiceRules, now: Date): Promise<ChangePlan> {
  assertRecurring(visit, "paused");
  assertChangeable(visit, rules, now);
  const from = businessDateOf(visit.startTime);
  if (until <= from) throw new InvalidInputError(`Pick a date after ${day(from)} to resume on.`, "until");
  const latest = addDays(from, rules.maxPauseDays);
  if (until > latest) {
    throw new InvalidInputError(`A pause can last at most ${rules.maxPauseDays} days: pick a date on or before ${day(latest)}.`, "until");
  }
  const paused = (await seriesVisits(db, visit, visit.startTime, startOfBusinessDay(until))).filter(isHolding);
  const label = `${planName(visit)} until ${day(until)}`;
  return {
    action: "pause",
    visit,
    summary: `Pause ${label}: ${plural(paused.length, "visit")} skipped. Visits from ${day(until)} on go ahead as planned.`,
    message: `Paused ${label} (${plural(paused.length, "visit")} skipped)`,
    changes: paused.map((each) => ({ visit: each, effect: "paused" as const })),
  };
}

async function planResume(db: Db, visit: Visit, rules: TSelfServiceRules, now: Date): Promise<ChangePlan> {
  assertRecurring(visit, "resumed");
  const upcoming = await seriesVisits(db, visit, now, endOfBusinessDayExclusive(horizonDate(now)));
  const paused = upcoming.filter((each) => each.customerChange === "paused" && each.status === "cancelled");
  if (!paused.length) throw new ConflictError("This plan has no paused visits to resume.");
  const capacity = await getCrewCapacity(db);
  const changes: PlannedVisitChange[] = [];
  for (const each of paused) {
    if (!isOutsideNotice(each.startTime, rules, now)) {
      changes.push({ visit: each, effect: "notRestored", note: `too close to change online; call us at ${BUSINESS.phone}` });
    } else if ((await countOverlappingVisits(db, { start: each.startTime, end: each.endTime })) >= capacity) {
      changes.push({ visit: each, effect: "notRestored", note: "every crew is booked then" });
    } else {
      changes.push({ visit: each, effect: "restored" });
    }
  }
  const restored = changes.filter((change) => change.effect === "restored").length;
  const missed = changes.filter((change) => change.effect === "notRestored");
  const missedText = missed.map((change) => `${day(businessDateOf(change.visit.startTime))} (${change.note})`).join(", ");
  return {
    action: "resume",
    visit,
    summary: `Resume ${planName(visit)}: ${plural(restored, "visit")} restored.${missed.length ? ` Could not restore ${missedText}.` : ""}`,
    message: `Resumed ${planName(visit)}: ${plural(restored, "visit")} restored${missed.length ? `; could not restore ${missedText}` : ""}`,
    changes,
  };
}

async function planEnd(db: Db, visit: Visit, rules: TSelfServiceRules, now: Date): Promise<ChangePlan> {
  assertRecurring(visit, "ended");
  if (visit.startTime <= now) throw new ConflictError("Pick a visit still to come to end the plan after.");
  // One notice window for every change (docs/product-rules.md#recurring-plans-and-visits): a visit
  // inside it is settled with the crew, and so is the plan around it; the customer calls.
  if (!isOutsideNotice(visit.startTime, rules, now)) throw new ConflictError(tooLateMessage(rules));
  const later = (await seriesVisits(db, visit, now, endOfBusinessDayExclusive(horizonDate(now)))).filter(
    (each) => each.occurrenceDate > visit.occurrenceDate,
  );
  if (!later.length) throw new ConflictError("The plan already ends with this visit.");
  if (later.some((each) => isHolding(each) && !isOutsideNotice(each.startTime, rules, now))) throw new ConflictError(tooLateMessage(rules));
  const label = `${planName(visit)} after the visit of ${visitLabel(visit)}`;
  return {
    action: "endPlan",
    visit,
    summary: `End ${label}: ${plural(later.length, "later visit")} removed.`,
    message: `Ended ${label} (${plural(later.length, "later visit")} removed)`,
    changes: later.map((each) => ({ visit: each, effect: "removed" as const })),
    lastDate: visit.occurrenceDate,
  };
}
