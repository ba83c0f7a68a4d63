import { and, eq, gt, gte, inArray, isNull, lt, lte, or, type SQL } from "drizzle-orm";
import { addDays, businessDateOf, type DateString } from "@/lib/business-time";
import { expandOccurrences, occurrenceOnDate } from "@/lib/recurrence";
import type { Db } from "@/server/db";
import { customers, scheduleVisitChanges, schedules, services } from "@/server/db/schema";
import type { RecurringFrequency, ScheduleStatus } from "@/lib/schedule-enums";

/**
 * One visit on the calendar. A one-time schedule is one visit; a recurring schedule is a series
 * whose visits are computed (beyond.md item 4), each of which may have its own status or time.
 */
export interface Visit {
  /** "<scheduleId>" for a one-time visit, "<scheduleId>-<yyyy-MM-dd>" for a visit of a series. */
  visitId: string;
  scheduleId: number;
  /** The Austin date the visit was planned for; a moved visit keeps it as its identity. */
  occurrenceDate: DateString;
  startTime: Date;
  endTime: Date;
  status: ScheduleStatus;
  moved: boolean;
  customerId: number;
  serviceId: number | null;
  isRecurring: boolean;
  recurringFrequency: RecurringFrequency | null;
  recurringEndDate: Date | null;
  totalPrice: number;
  lawnSizeSqFt: number | null;
  notes: string | null;
  specialInstructions: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  bookingReference: string | null;
  customer: { fullName: string; email: string; phone: string | null; address: string | null };
  service: { name: string; duration: number } | null;
}

export function visitIdOf(scheduleId: number, isRecurring: boolean, occurrenceDate: DateString): string {
  return isRecurring ? `${scheduleId}-${occurrenceDate}` : String(scheduleId);
}

export function parseVisitId(visitId: string): { scheduleId: number; occurrenceDate: DateString | null } | null {
  const match = /^(\d{1,9})(?:-(\d{4}-\d{2}-\d{2}))?$/.exec(visitId);
  if (!match) return null;
  return { scheduleId: Number(match[1]), occurrenceDate: match[2] ?? null };
}

type ScheduleRow = Awaited<ReturnType<typeof selectScheduleRows>>[number];
type ChangeRow = typeof scheduleVisitChanges.$inferSelect;

function selectScheduleRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      schedule: schedules,
      customer: { fullName: customers.fullName, email: customers.email, phone: customers.phone, address: customers.address },
      service: { name: services.name, duration: services.duration },
    })
    .from(schedules)
    .innerJoin(customers, eq(customers.id, schedules.customerId))
    .leftJoin(services, eq(services.id, schedules.serviceId))
    .where(where);
}

export interface VisitQuery {
  from: Date;
  /** Exclusive. */
  to: Date;
  customerId?: number;
  statuses?: readonly ScheduleStatus[];
}

/** One-time visits are found through the start-time index; none is expected to last longer. */
const LONGEST_VISIT_MS = 86_400_000;

/** Every visit overlapping [from, to), series expanded and per-visit changes applied, by start time. */
export async function listVisits(db: Db, query: VisitQuery): Promise<Visit[]> {
  const { from, to } = query;
  const customerFilter = query.customerId === undefined ? undefined : eq(schedules.customerId, query.customerId);

  // Three index-friendly reads instead of one OR that PostgreSQL can only answer by a full scan.
  const [oneTimeRows, seriesRows, movedIn] = await Promise.all([
    selectScheduleRows(
      db,
      and(
        customerFilter,
        eq(schedules.isRecurring, false),
        gte(schedules.startTime, new Date(from.getTime() - LONGEST_VISIT_MS)),
        lt(schedules.startTime, to),
        gt(schedules.endTime, from),
      ),
    ),
    selectScheduleRows(
      db,
      and(
        customerFilter,
        eq(schedules.isRecurring, true),
        lt(schedules.startTime, to),
        // The end date is a calendar date in Austin; a day of slack keeps its last visit.
        or(isNull(schedules.recurringEndDate), gte(schedules.recurringEndDate, new Date(from.getTime() - 86_400_000))),
      ),
    ),
    // Visits of a series moved into the range from a date outside it.
    db
      .select({ scheduleId: scheduleVisitChanges.scheduleId })
      .from(scheduleVisitChanges)
      .where(and(lt(scheduleVisitChanges.startTime, to), gt(scheduleVisitChanges.endTime, from))),
  ]);
  const known = new Set(seriesRows.map((row) => row.schedule.id));
  const missingSeriesIds = [...new Set(movedIn.map((row) => row.scheduleId))].filter((id) => !known.has(id));
  const movedSeriesRows = missingSeriesIds.length
    ? await selectScheduleRows(db, and(customerFilter, inArray(schedules.id, missingSeriesIds)))
    : [];

  const visits = await buildVisits(db, [...oneTimeRows, ...seriesRows, ...movedSeriesRows], { from, to });
  const wanted = query.statuses ? new Set(query.statuses) : null;
  return visits.filter((visit) => !wanted || wanted.has(visit.status));
}

/** All visits of one customer between two instants (the portal's upcoming and past lists). */
export function listCustomerVisits(db: Db, customerId: number, range: { from: Date; to: Date }) {
  return listVisits(db, { ...range, customerId });
}

export async function findVisit(db: Db, visitId: string): Promise<Visit | null> {
  const parsed = parseVisitId(visitId);
  if (!parsed) return null;
  const [row] = await selectScheduleRows(db, eq(schedules.id, parsed.scheduleId));
  if (!row) return null;
  const { schedule } = row;
  if (!schedule.isRecurring) return parsed.occurrenceDate ? null : toVisit(row, null, null);
  if (!parsed.occurrenceDate) return null;
  const occurrence = occurrenceOnDate(seriesOf(schedule), parsed.occurrenceDate);
  if (!occurrence) return null;
  const [change] = await db
    .select()
    .from(scheduleVisitChanges)
    .where(and(eq(scheduleVisitChanges.scheduleId, schedule.id), eq(scheduleVisitChanges.occurrenceDate, parsed.occurrenceDate)));
  return toVisit(row, occurrence, change ?? null);
}

/** Changes one visit's status: the row itself for a one-time visit, a per-visit change in a series. */
export async function setVisitStatus(db: Db, visit: Visit, status: ScheduleStatus) {
  if (!visit.isRecurring) {
    await db.update(schedules).set({ status, updatedAt: new Date() }).where(eq(schedules.id, visit.scheduleId));
    return;
  }
  await db
    .insert(scheduleVisitChanges)
    .values({ scheduleId: visit.scheduleId, occurrenceDate: visit.occurrenceDate, status })
    .onConflictDoUpdate({
      target: [scheduleVisitChanges.scheduleId, scheduleVisitChanges.occurrenceDate],
      set: { status, updatedAt: new Date() },
    });
}

/** Moves one visit to a new time, keeping it in its series (rain-day reschedule). */
export async function moveVisit(db: Db, visit: Visit, startTime: Date, endTime: Date) {
  if (!visit.isRecurring) {
    await db
      .update(schedules)
      .set({ date: startTime, startTime, endTime, updatedAt: new Date() })
      .where(eq(schedules.id, visit.scheduleId));
    return;
  }
  await db
    .insert(scheduleVisitChanges)
    .values({ scheduleId: visit.scheduleId, occurrenceDate: visit.occurrenceDate, startTime, endTime })
    .onConflictDoUpdate({
      target: [scheduleVisitChanges.scheduleId, scheduleVisitChanges.occurrenceDate],
      set: { startTime, endTime, updatedAt: new Date() },
    });
}

function seriesOf(schedule: ScheduleRow["schedule"]) {
  return {
    startTime: schedule.startTime,
    endTime: schedule.endTime,
    isRecurring: schedule.isRecurring,
    recurringFrequency: schedule.recurringFrequency ?? "weekly",
    recurringEndDate: schedule.recurringEndDate,
  };
}

async function buildVisits(db: Db, rows: ScheduleRow[], range: { from: Date; to: Date }): Promise<Visit[]> {
  const seriesIds = rows.filter((row) => row.schedule.isRecurring).map((row) => row.schedule.id);
  const changes = seriesIds.length
    ? await db
        .select()
        .from(scheduleVisitChanges)
        .where(
          and(
            inArray(scheduleVisitChanges.scheduleId, seriesIds),
            or(
              and(
                gte(scheduleVisitChanges.occurrenceDate, addDays(businessDateOf(range.from), -1)),
                lte(scheduleVisitChanges.occurrenceDate, addDays(businessDateOf(range.to), 1)),
              ),
              and(lt(scheduleVisitChanges.startTime, range.to), gt(scheduleVisitChanges.endTime, range.from)),
            ),
          ),
        )
    : [];
  const changeByKey = new Map(changes.map((change) => [`${change.scheduleId}|${change.occurrenceDate}`, change]));

  const visits: Visit[] = [];
  const overlaps = (visit: Visit) => visit.startTime < range.to && visit.endTime > range.from;
  for (const row of rows) {
    const { schedule } = row;
    if (!schedule.isRecurring) {
      const visit = toVisit(row, null, null);
      if (overlaps(visit)) visits.push(visit);
      continue;
    }
    const series = seriesOf(schedule);
    const seen = new Set<string>();
    // Widened by a day each side so a visit moved into the range from next door is still found.
    const widened = { from: new Date(range.from.getTime() - 86_400_000), to: new Date(range.to.getTime() + 86_400_000) };
    for (const occurrence of expandOccurrences(series, widened)) {
      seen.add(occurrence.occurrenceDate);
      const visit = toVisit(row, occurrence, changeByKey.get(`${schedule.id}|${occurrence.occurrenceDate}`) ?? null);
      if (overlaps(visit)) visits.push(visit);
    }
    for (const change of changes) {
      if (change.scheduleId !== schedule.id || seen.has(change.occurrenceDate) || !change.startTime) continue;
      const occurrence = occurrenceOnDate(series, change.occurrenceDate);
      if (!occurrence) continue;
      const visit = toVisit(row, occurrence, change);
      if (overlaps(visit)) visits.push(visit);
    }
  }
  return visits.sort((a, b) => a.startTime.getTime() - b.startTime.getTime() || a.scheduleId - b.scheduleId);
}

function toVisit(
  row: ScheduleRow,
  occurrence: { occurrenceDate: DateString; startTime: Date; endTime: Date } | null,
  change: ChangeRow | null,
): Visit {
  const { schedule } = row;
  const occurrenceDate = occurrence?.occurrenceDate ?? businessDateOf(schedule.startTime);
  const moved = Boolean(change?.startTime && change.endTime);
  return {
    visitId: visitIdOf(schedule.id, schedule.isRecurring, occurrenceDate),
    scheduleId: schedule.id,
    occurrenceDate,
    startTime: moved ? change!.startTime! : (occurrence?.startTime ?? schedule.startTime),
    endTime: moved ? change!.endTime! : (occurrence?.endTime ?? schedule.endTime),
    status: change?.status ?? schedule.status,
    moved,
    customerId: schedule.customerId,
    serviceId: schedule.serviceId,
    isRecurring: schedule.isRecurring,
    recurringFrequency: schedule.recurringFrequency,
    recurringEndDate: schedule.recurringEndDate,
    totalPrice: schedule.totalPrice,
    lawnSizeSqFt: schedule.lawnSizeSqFt,
    notes: schedule.notes,
    specialInstructions: schedule.specialInstructions,
    address: schedule.address,
    city: schedule.city,
    state: schedule.state,
    zipCode: schedule.zipCode,
    bookingReference: schedule.bookingReference,
    customer: row.customer,
    service: row.service?.name ? { name: row.service.name, duration: row.service.duration } : null,
  };
}

