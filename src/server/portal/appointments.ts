import type { Db } from "@/server/db";
import { ConflictError, NotFoundError } from "@/server/errors";
import { findVisit, listVisits, setVisitStatus, type Visit } from "@/server/schedules/visits";
import { BUSINESS } from "@/lib/business";
import { unconfirmedSince } from "./history-visibility";
import { announceVisitChange } from "@/server/notifications/visit-changes";
import { findNotifiableVisit } from "@/server/notifications/visit-source";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A customer may cancel online only more than 24 hours before the visit. */
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

/** Visits show once the email is confirmed (see history-visibility.ts). */
async function visitsHidden(db: Db, customerId: number): Promise<boolean> {
  return (await unconfirmedSince(db, customerId)) !== null;
}

/** The customer's upcoming visits (soonest first) and past ones (latest first), series expanded. */
export async function listAppointments(db: Db, customerId: number, now = new Date()) {
  if (await visitsHidden(db, customerId)) return { upcoming: [], past: [], historyHidden: true };
  const visits = await listVisits(db, {
    customerId,
    from: new Date(now.getTime() - LOOK_BACK_MS),
    to: new Date(now.getTime() + LOOK_AHEAD_MS),
  });
  const upcoming = visits.filter((visit) => visit.startTime >= now).slice(0, LIST_LIMIT);
  const past = visits
    .filter((visit) => visit.startTime < now)
    .reverse()
    .slice(0, LIST_LIMIT);
  return {
    upcoming: upcoming.map((visit) => toAppointment(visit, now)),
    past: past.map((visit) => toAppointment(visit, now)),
    historyHidden: false,
  };
}

/** Someone else's visit, or one still hidden, answers exactly like a visit that does not exist. */
async function findOwnVisit(db: Db, customerId: number, visitId: string) {
  const visit = await findVisit(db, visitId);
  if (!visit || visit.customerId !== customerId) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
  if (await visitsHidden(db, customerId)) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
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
