import { and, eq, lt } from "drizzle-orm";
import type { Db } from "@/server/db";
import { schedules } from "@/server/db/schema";
import { ConflictError, NotFoundError } from "@/server/errors";
import { findVisit, listVisits, setVisitStatus, type Visit } from "@/server/schedules/visits";
import { BUSINESS } from "@/lib/business";
import { historyHiddenBefore } from "./history-visibility";
import { announceVisitChange } from "@/server/notifications/visit-changes";
import { findNotifiableVisit } from "@/server/notifications/visit-source";

const DAY_MS = 24 * 60 * 60 * 1000;
/** beyond.md 5: a customer may cancel online only more than 24 hours before the visit. */
export const CANCEL_NOTICE_MS = DAY_MS;
/** How far the lists look: a year back for history, a year ahead for what is booked. */
const LOOK_BACK_MS = 365 * DAY_MS;
const LOOK_AHEAD_MS = 365 * DAY_MS;
/** A weekly series would list 52 visits a year ahead; the next ones are what matter. */
export const LIST_LIMIT = 20;

export const APPOINTMENT_NOT_FOUND = "Appointment not found";
export const TOO_LATE_TO_CANCEL = `Visits can be cancelled online until 24 hours before they start. Please call us at ${BUSINESS.phone} to change this one.`;

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
}

function canCancel(visit: Visit, now: Date): boolean {
  return (visit.status === "pending" || visit.status === "confirmed") && visit.startTime.getTime() - now.getTime() > CANCEL_NOTICE_MS;
}

function toAppointment(visit: Visit, now: Date): Appointment {
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
    canCancel: canCancel(visit, now),
  };
}

/** Schedules of this customer that stay hidden until the email is verified (beyond.md 15). */
async function hiddenScheduleIds(db: Db, customerId: number): Promise<Set<number>> {
  const hiddenBefore = await historyHiddenBefore(db, customerId);
  if (!hiddenBefore) return new Set();
  const rows = await db
    .select({ id: schedules.id })
    .from(schedules)
    .where(and(eq(schedules.customerId, customerId), lt(schedules.createdAt, hiddenBefore)));
  return new Set(rows.map((row) => row.id));
}

/** The customer's upcoming visits (soonest first) and past ones (latest first), series expanded. */
export async function listAppointments(db: Db, customerId: number, now = new Date()) {
  const hidden = await hiddenScheduleIds(db, customerId);
  const visits = await listVisits(db, {
    customerId,
    from: new Date(now.getTime() - LOOK_BACK_MS),
    to: new Date(now.getTime() + LOOK_AHEAD_MS),
  });
  const own = visits.filter((visit) => !hidden.has(visit.scheduleId));
  const upcoming = own.filter((visit) => visit.startTime >= now).slice(0, LIST_LIMIT);
  const past = own
    .filter((visit) => visit.startTime < now)
    .reverse()
    .slice(0, LIST_LIMIT);
  return {
    upcoming: upcoming.map((visit) => toAppointment(visit, now)),
    past: past.map((visit) => toAppointment(visit, now)),
    historyHidden: hidden.size > 0,
  };
}

/** Someone else's visit, or one still hidden, answers exactly like a visit that does not exist. */
async function findOwnVisit(db: Db, customerId: number, visitId: string) {
  const visit = await findVisit(db, visitId);
  if (!visit || visit.customerId !== customerId) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
  if ((await hiddenScheduleIds(db, customerId)).has(visit.scheduleId)) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
  return visit;
}

export async function cancelAppointment(db: Db, customerId: number, visitId: string, now = new Date()) {
  const visit = await findOwnVisit(db, customerId, visitId);
  if (visit.status === "cancelled") throw new ConflictError("This visit is already cancelled.");
  if (visit.status === "completed") throw new ConflictError("This visit has already taken place.");
  if (!canCancel(visit, now)) throw new ConflictError(TOO_LATE_TO_CANCEL);
  await db.transaction(async (tx) => {
    const before = await findNotifiableVisit(tx, visitId);
    await setVisitStatus(tx, visit, "cancelled");
    const after = await findNotifiableVisit(tx, visitId);
    // The customer knows what they just did; integrations hear of it.
    if (before && after) await announceVisitChange(tx, before, after, { notifyCustomer: false, now });
  });
  return toAppointment({ ...visit, status: "cancelled" }, now);
}
