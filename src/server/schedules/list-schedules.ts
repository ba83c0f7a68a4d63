import { and, eq, sql, type SQL } from "drizzle-orm";
import {
  BUSINESS_TIME_ZONE,
  clampToMonth,
  endOfBusinessDayExclusive,
  isDateString,
  startOfBusinessDay,
  type DateString,
} from "@/lib/business-time";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "@/server/db";
import { rowsOf } from "@/server/db/rows";
import { InvalidInputError } from "@/server/errors";
import { customers, schedules, services, visits } from "@/server/db/schema";
import { overlapping, type Visit } from "./visits";

/**
 * The dates of a schedule list, and whose visits: one customer's, or one crew's (a crew member sees
 * only their crew's days, docs/product-rules.md#staff-roles).
 */
export interface ScheduleRange {
  startDate: string;
  endDate: string;
  customerId?: number;
  crewId?: number;
}

/** A year is plenty for any screen or report; longer ranges only cost the server. */
export const MAX_RANGE_DAYS = 366;

/**
 * Both dates inclusive, in Austin days. The schedule screen asks for day 1 to day 31 of
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

/** An instant as JSON.stringify writes a Date (toISOString): UTC, milliseconds, "Z". */
function isoText(column: AnyPgColumn): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * One visit of the list, in the answer's key order (ZScheduleVisitSchema): adding a field is a line
 * here and one there. `customer` and `service` are the lateral rows of the query below.
 */
const VISIT_FIELDS = sql`
  ${visits.scheduleId} as "id",
  ${visits.id}::text as "visitId",
  to_char(${visits.occurrenceDate}, 'YYYY-MM-DD') as "occurrenceDate",
  (${visits.startTime} at time zone ${BUSINESS_TIME_ZONE})::date <> ${visits.occurrenceDate} as "moved",
  ${visits.customerId} as "customerId",
  ${visits.serviceId} as "serviceId",
  ${visits.crewId} as "crewId",
  ${isoText(visits.startTime)} as "date",
  ${isoText(visits.startTime)} as "startTime",
  ${isoText(visits.endTime)} as "endTime",
  ${visits.status} as "status",
  ${visits.needsTime} as "needsTime",
  ${visits.customerChange} as "customerChange",
  ${visits.changedBy} as "changedBy",
  case when ${visits.changedAt} is not null then ${isoText(visits.changedAt)} end as "changedAt",
  ${visits.notes} as "notes",
  ${visits.origin} = 'series' as "isRecurring",
  case when ${visits.origin} = 'series'
    then coalesce((select ${schedules.recurringFrequency} from ${schedules} where ${schedules.id} = ${visits.scheduleId}), 'weekly')
  end as "recurringFrequency",
  ${visits.totalPrice} as "totalPrice",
  ${visits.specialInstructions} as "specialInstructions",
  ${visits.address} as "address",
  customer,
  service`;

/**
 * Every visit between two Austin dates, both inclusive, with its customer, as the JSON text of the
 * answer: one range scan over the start-time index, each row written as JSON by PostgreSQL, so the
 * server neither builds an object per visit nor serializes it again. REST sends this text as it is
 * (the month list is hundreds of visits); a test holds it to the documented schema.
 */
export async function listSchedulesJson(db: Db, range: ScheduleRange): Promise<string> {
  const { start, end } = parseDateRange(range.startDate, range.endDate);
  const from = startOfBusinessDay(start);
  const to = endOfBusinessDayExclusive(end);
  const result: unknown = await db.execute(sql`
    select string_agg(row_to_json(visit)::text, ',' order by ${visits.startTime}, ${visits.scheduleId}, ${visits.id}) as "json"
    from ${visits}
    join ${customers} on ${customers.id} = ${visits.customerId}
    left join ${services} on ${services.id} = ${visits.serviceId}
    cross join lateral (select ${customers.fullName} as "fullName", ${customers.address} as "address") customer
    left join lateral (select ${services.name} as "name", ${services.duration} as "duration" where ${services.id} is not null) service on true
    cross join lateral (select ${VISIT_FIELDS}) visit
    where ${and(
      overlapping(from, to),
      range.customerId === undefined ? undefined : eq(visits.customerId, range.customerId),
      range.crewId === undefined ? undefined : eq(visits.crewId, range.crewId),
    )}`);
  const [row] = rowsOf<{ json: string | null }>(result);
  return `[${row?.json ?? ""}]`;
}

/**
 * The same visits as objects, for the staff screens over tRPC (which sends dates as dates): the
 * answer's JSON read back, its instants made Dates again.
 */
export async function listSchedulesInRange(db: Db, range: ScheduleRange) {
  const listed = JSON.parse(await listSchedulesJson(db, range)) as Array<ListedVisitJson>;
  return listed.map((visit) => ({
    ...visit,
    date: new Date(visit.date),
    startTime: new Date(visit.startTime),
    endTime: new Date(visit.endTime),
    changedAt: visit.changedAt === null ? null : new Date(visit.changedAt),
  }));
}

type ListedVisit = ReturnType<typeof toScheduleVisit>;
type ListedVisitJson = Omit<ListedVisit, "date" | "startTime" | "endTime" | "changedAt"> & {
  date: string;
  startTime: string;
  endTime: string;
  changedAt: string | null;
};

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
    needsTime: visit.needsTime,
    customerChange: visit.customerChange,
    changedBy: visit.changedBy,
    changedAt: visit.changedAt,
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
