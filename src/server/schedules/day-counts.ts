import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import { BUSINESS_TIME_ZONE, endOfBusinessDayExclusive, startOfBusinessDay } from "@/lib/business-time";
import { SCHEDULE_STATUSES, type ScheduleStatus } from "@/lib/schedule-enums";
import type { Db } from "@/server/db";
import { visits } from "@/server/db/schema";
import { parseDateRange } from "./list-schedules";

export type DayCount = { date: string; total: number; needsTime: number } & Record<ScheduleStatus, number>;

/**
 * How many visits start on each Austin day of a range, by status: what a month calendar marks,
 * in one aggregate over the start-time index instead of every visit's row. Days without visits
 * are left out, and visits waiting for staff to give them a time are counted too, so the calendar
 * can mark their days. The range rules are the visit list's (both dates inclusive, end clamped to its month).
 */
export async function countVisitsByDay(db: Db, range: { startDate: string; endDate: string; crewId?: number }): Promise<DayCount[]> {
  const { start, end } = parseDateRange(range.startDate, range.endDate);
  const to = endOfBusinessDayExclusive(end);
  const day = sql<string>`to_char(${visits.startTime} at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      date: day,
      status: visits.status,
      visits: count(),
      needsTime: sql<number>`(count(*) filter (where ${visits.needsTime}))::int`,
    })
    .from(visits)
    .where(
      and(
        gte(visits.startTime, startOfBusinessDay(start)),
        lt(visits.startTime, to),
        range.crewId === undefined ? undefined : eq(visits.crewId, range.crewId),
      ),
    )
    .groupBy(day, visits.status)
    .orderBy(day);
  const byDay = new Map<string, DayCount>();
  for (const row of rows) {
    let entry = byDay.get(row.date);
    if (!entry) {
      entry = {
        date: row.date,
        total: 0,
        needsTime: 0,
        ...(Object.fromEntries(SCHEDULE_STATUSES.map((status) => [status, 0])) as Record<ScheduleStatus, number>),
      };
      byDay.set(row.date, entry);
    }
    entry[row.status] += row.visits;
    entry.total += row.visits;
    entry.needsTime += Number(row.needsTime);
  }
  return [...byDay.values()];
}
