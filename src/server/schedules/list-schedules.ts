import { and, asc, eq, inArray } from "drizzle-orm";
import { businessDateOf, clampToMonth, endOfBusinessDayExclusive, isDateString, startOfBusinessDay, type DateString } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { InvalidInputError } from "@/server/errors";
import { customers, schedules, services, visits } from "@/server/db/schema";
import { ensureVisitsUntil } from "./series";
import { overlapping, type Visit } from "./visits";

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

/**
 * Every visit between two Austin dates, both inclusive, with its customer: one range scan over the
 * start-time index, projecting only what the schedule screens show. The staff screens and REST share it.
 */
export async function listSchedulesInRange(db: Db, range: { startDate: string; endDate: string; customerId?: number }) {
  const { start, end } = parseDateRange(range.startDate, range.endDate);
  const from = startOfBusinessDay(start);
  const to = endOfBusinessDayExclusive(end);
  await ensureVisitsUntil(db, to);
  const rows = await db
    .select({
      id: visits.scheduleId,
      visitId: visits.id,
      occurrenceDate: visits.occurrenceDate,
      customerId: visits.customerId,
      serviceId: visits.serviceId,
      crewId: visits.crewId,
      startTime: visits.startTime,
      endTime: visits.endTime,
      status: visits.status,
      notes: visits.notes,
      origin: visits.origin,
      totalPrice: visits.totalPrice,
      specialInstructions: visits.specialInstructions,
      address: visits.address,
      customerName: customers.fullName,
      customerAddress: customers.address,
      serviceName: services.name,
      serviceDuration: services.duration,
    })
    .from(visits)
    .innerJoin(customers, eq(customers.id, visits.customerId))
    .leftJoin(services, eq(services.id, visits.serviceId))
    .where(and(overlapping(from, to), range.customerId === undefined ? undefined : eq(visits.customerId, range.customerId)))
    .orderBy(asc(visits.startTime), asc(visits.scheduleId), asc(visits.id));
  // The frequencies of the series in the range, by primary key: cheaper than joining every visit to its plan.
  const seriesIds = [...new Set(rows.filter((row) => row.origin === "series").map((row) => row.id))];
  const frequencies = new Map(
    seriesIds.length
      ? (
          await db.select({ id: schedules.id, frequency: schedules.recurringFrequency }).from(schedules).where(inArray(schedules.id, seriesIds))
        ).map((plan) => [plan.id, plan.frequency])
      : [],
  );
  return rows.map(({ customerName, customerAddress, serviceName, serviceDuration, visitId, origin, ...row }) => ({
    ...row,
    visitId: String(visitId),
    isRecurring: origin === "series",
    recurringFrequency: origin === "series" ? (frequencies.get(row.id) ?? "weekly") : null,
    moved: businessDateOf(row.startTime) !== row.occurrenceDate,
    date: row.startTime,
    customer: { fullName: customerName, address: customerAddress },
    service: serviceName === null || serviceDuration === null ? null : { name: serviceName, duration: serviceDuration },
  }));
}

/** One visit as the schedule list shows it. */
export function toScheduleVisit(visit: Visit) {
  return {
    id: visit.scheduleId,
    visitId: visit.visitId,
    occurrenceDate: visit.occurrenceDate,
    moved: visit.moved,
    customerId: visit.customerId,
    serviceId: visit.serviceId,
    crewId: visit.crewId,
    date: visit.startTime,
    startTime: visit.startTime,
    endTime: visit.endTime,
    status: visit.status,
    notes: visit.notes,
    isRecurring: visit.isRecurring,
    recurringFrequency: visit.recurringFrequency,
    totalPrice: visit.totalPrice,
    specialInstructions: visit.specialInstructions,
    address: visit.address,
    customer: { fullName: visit.customer.fullName, address: visit.customer.address },
    service: visit.service,
  };
}
