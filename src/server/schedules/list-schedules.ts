import { clampToMonth, endOfBusinessDayExclusive, isDateString, startOfBusinessDay, type DateString } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { InvalidInputError } from "@/server/errors";
import { listVisits, type Visit } from "./visits";

/** A year is plenty for any screen or report; longer ranges only cost the server. */
export const MAX_RANGE_DAYS = 366;

/**
 * Spec 7: both dates inclusive, in Austin days. The schedule screen asks for day 1 to day 31 of
 * every month, so an end date such as 2027-04-31 means the month's last day.
 */
export function parseDateRange(startDate: string, endDate: string): { start: DateString; end: DateString } {
  if (!isDateString(startDate)) throw new InvalidInputError("startDate must be a date written yyyy-MM-dd", "startDate");
  const end = clampToMonth(endDate);
  if (!end) throw new InvalidInputError("endDate must be a date written yyyy-MM-dd", "endDate");
  if (end < startDate) throw new InvalidInputError("endDate must be on or after startDate", "endDate");
  const days = (startOfBusinessDay(end).getTime() - startOfBusinessDay(startDate).getTime()) / 86_400_000;
  if (days >= MAX_RANGE_DAYS) {
    throw new InvalidInputError(`The range can span at most ${MAX_RANGE_DAYS} days`, "endDate");
  }
  return { start: startDate, end };
}

/** Every visit between two Austin dates, series expanded, each with its customer (spec 7). */
export function listSchedulesInRange(db: Db, range: { startDate: string; endDate: string; customerId?: number }) {
  const { start, end } = parseDateRange(range.startDate, range.endDate);
  return listVisits(db, {
    from: startOfBusinessDay(start),
    to: endOfBusinessDayExclusive(end),
    customerId: range.customerId,
  }).then((visits) => visits.map(toScheduleVisit));
}

export function toScheduleVisit(visit: Visit) {
  return {
    id: visit.scheduleId,
    visitId: visit.visitId,
    occurrenceDate: visit.occurrenceDate,
    moved: visit.moved,
    customerId: visit.customerId,
    serviceId: visit.serviceId,
    date: visit.startTime,
    startTime: visit.startTime,
    endTime: visit.endTime,
    status: visit.status,
    notes: visit.notes,
    isRecurring: visit.isRecurring,
    recurringFrequency: visit.recurringFrequency,
    recurringEndDate: visit.recurringEndDate,
    lawnSizeSqFt: visit.lawnSizeSqFt,
    totalPrice: visit.totalPrice,
    specialInstructions: visit.specialInstructions,
    address: visit.address,
    city: visit.city,
    state: visit.state,
    zipCode: visit.zipCode,
    bookingReference: visit.bookingReference,
    customer: { fullName: visit.customer.fullName, address: visit.customer.address },
    service: visit.service,
  };
}
