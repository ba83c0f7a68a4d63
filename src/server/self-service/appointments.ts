import type { Db } from "@/server/db";
import { ConflictError, NotFoundError } from "@/server/errors";
import { findVisit, listVisits, setVisitStatus, type Visit } from "@/server/schedules/visits";
import { BUSINESS } from "@/lib/business";
import type { TSelfServiceRules } from "@/lib/validation/self-service";
import { getSelfServiceRules } from "@/server/settings/self-service-rules";
import { isOutsideNotice, tooLateMessage } from "@/server/self-service/rules";
import { unconfirmedSince } from "@/server/self-service/history-visibility";
import { isPlanOwned, plansAwaitingOwner } from "@/server/ownership/ownership";
import { and, eq } from "drizzle-orm";
import { schedules } from "@/server/db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far the lists look: a year back for history, a year ahead for what is booked. */
const LOOK_BACK_MS = 365 * DAY_MS;
const LOOK_AHEAD_MS = 365 * DAY_MS;
/** A weekly series would list 52 visits a year ahead; the next ones are what matter. */
export const LIST_LIMIT = 20;

export const APPOINTMENT_NOT_FOUND = "Appointment not found";
/** With the default notice of 24 hours; the business may set another (Settings). */
export const TOO_LATE_TO_CANCEL = `Visits can be changed online until 24 hours before they start. Please call us at ${BUSINESS.phone} to change this one.`;

export interface Appointment {
  visitId: string;
  startTime: Date;
  endTime: Date;
  status: Visit["status"];
  serviceName: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  totalPrice: number;
  isRecurring: boolean;
  recurringFrequency: Visit["recurringFrequency"];
  bookingReference: string | null;
  canCancel: boolean;
  /** The plan the visit belongs to, to group a series' visits. */
  planId: number;
  /** The Austin date the plan put the visit on; a reschedule stays within 14 days of it. */
  occurrenceDate: string;
  customerChange: Visit["customerChange"];
  changedBy: Visit["changedBy"];
  changedAt: Date | null;
}

/** Booked and outside the business's notice window: the customer may still change it online. */
function canCancel(visit: Visit, rules: TSelfServiceRules, now: Date): boolean {
  return (visit.status === "pending" || visit.status === "confirmed") && isOutsideNotice(visit.startTime, rules, now);
}

function toAppointment(visit: Visit, rules: TSelfServiceRules, now: Date): Appointment {
  return {
    visitId: visit.visitId,
    startTime: visit.startTime,
    endTime: visit.endTime,
    status: visit.status,
    serviceName: visit.service?.name ?? null,
    address: visit.address ?? visit.customer.address,
    city: visit.city,
    state: visit.state,
    zipCode: visit.zipCode,
    totalPrice: visit.totalPrice,
    isRecurring: visit.isRecurring,
    recurringFrequency: visit.recurringFrequency,
    bookingReference: visit.bookingReference,
    canCancel: canCancel(visit, rules, now),
    planId: visit.scheduleId,
    occurrenceDate: visit.occurrenceDate,
    customerChange: visit.customerChange,
    changedBy: visit.changedBy,
    changedAt: visit.changedAt,
  };
}

/** Nothing shows until the account's current email is confirmed (see history-visibility.ts). */
async function visitsHidden(db: Db, customerId: number): Promise<boolean> {
  return (await unconfirmedSince(db, customerId)) !== null;
}

/**
 * A visit is upcoming until its start, unless it is done: one the crew finished early, before its
 * booked start, is history at once. A cancelled visit ahead stays among the upcoming ones, marked
 * (skipped, paused, cancelled), so the customer sees the gap in their plan where it falls.
 */
function isUpcoming(visit: Visit, now: Date): boolean {
  return visit.startTime >= now && visit.status !== "completed";
}

/**
 * The customer's upcoming visits (soonest first) and past ones (latest first): those the account
 * owns (docs/product-rules.md#who-owns-a-visit). Website bookings made under its email by someone
 * not signed in wait apart, in `awaitingConfirmation`, until the owner says they are theirs.
 */
export async function listAppointments(db: Db, customerId: number, now = new Date()) {
  const rules = { ...(await getSelfServiceRules(db)), phone: BUSINESS.phone };
  if (await visitsHidden(db, customerId)) return { upcoming: [], past: [], awaitingConfirmation: [], historyHidden: true, rules };
  const range = { from: new Date(now.getTime() - LOOK_BACK_MS), to: new Date(now.getTime() + LOOK_AHEAD_MS) };
  const visits = await listVisits(db, { ...range, ownedBy: customerId });
  const awaiting = await listVisitsAwaitingOwner(db, customerId, now);
  const upcoming = visits.filter((visit) => isUpcoming(visit, now)).slice(0, LIST_LIMIT);
  const past = visits
    .filter((visit) => !isUpcoming(visit, now))
    .reverse()
    .slice(0, LIST_LIMIT);
  return {
    upcoming: upcoming.map((visit) => toAppointment(visit, rules, now)),
    past: past.map((visit) => toAppointment(visit, rules, now)),
    awaitingConfirmation: awaiting.map((visit) => toAppointment(visit, rules, now)),
    historyHidden: false,
    rules,
  };
}

/**
 * A visit the account owns. Someone else's visit, or one the account has not proved (a booking
 * waiting for its owner included), answers exactly like a visit that does not exist.
 */
export async function findOwnVisit(db: Db, customerId: number, visitId: string) {
  const visit = await findVisit(db, visitId);
  if (!visit || visit.customerId !== customerId) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
  if (!(await isPlanOwned(db, visit.scheduleId))) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
  return visit;
}

export async function cancelAppointment(db: Db, customerId: number, visitId: string, now = new Date()) {
  const visit = await findOwnVisit(db, customerId, visitId);
  if (visit.status === "cancelled") throw new ConflictError("This visit is already cancelled.");
  if (visit.status === "completed") throw new ConflictError("This visit has already taken place.");
  const rules = await getSelfServiceRules(db);
  if (!canCancel(visit, rules, now)) throw new ConflictError(tooLateMessage(rules));
  // The customer knows what they just did: integrations hear of it, the customer gets no email.
  await db.transaction((tx) => setVisitStatus(tx, visit, "cancelled", { changedBy: "customer", now }));
  return toAppointment({ ...visit, status: "cancelled", changedBy: "customer", customerChange: null, changedAt: now }, rules, now);
}

/** Website bookings under the account's email that wait for the owner, soonest first. */
async function listVisitsAwaitingOwner(db: Db, customerId: number, now: Date) {
  const visits = await listVisits(db, { from: now, to: new Date(now.getTime() + LOOK_AHEAD_MS), awaitingOwner: customerId });
  return visits.slice(0, LIST_LIMIT);
}

export const NOT_AWAITING_CONFIRMATION = "This booking is not waiting for you to confirm it.";

/**
 * The account owner says a website booking made under their email is theirs: from now on it is
 * owned like any other (shown, changeable, payable, charged by autopay). Only a booking that waits
 * for this account can be confirmed; anything else answers as not found.
 */
export async function confirmBookingIsMine(db: Db, customerId: number, visitId: string, now = new Date()) {
  const visit = await findVisit(db, visitId);
  if (!visit || visit.customerId !== customerId) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
  const [waiting] = await db
    .update(schedules)
    .set({ ownerConfirmedAt: now, updatedAt: now })
    .where(and(eq(schedules.id, visit.scheduleId), plansAwaitingOwner(customerId)))
    .returning({ id: schedules.id });
  if (!waiting) {
    if (await isPlanOwned(db, visit.scheduleId)) throw new ConflictError(NOT_AWAITING_CONFIRMATION);
    throw new NotFoundError(APPOINTMENT_NOT_FOUND);
  }
  const rules = await getSelfServiceRules(db);
  return toAppointment((await findVisit(db, visitId))!, rules, now);
}
