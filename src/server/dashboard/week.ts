import { and, count, gte, lt, sql } from "drizzle-orm";
import { addDays, BUSINESS_TIME_ZONE, businessToday, endOfBusinessDayExclusive, startOfBusinessDay, weekRange } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { visits } from "@/server/db/schema";

/**
 * This week, Monday to Sunday in Austin days, with how many visits start on each day: the week
 * strip shows the numbers, so PostgreSQL counts per Austin day and seven rows come back (reading
 * every start time and dating each in JavaScript cost ~4 ms a call at four times the bench data).
 */
export async function weekVisitCounts(db: Db, now: Date = new Date()) {
  const week = weekRange(businessToday(now));
  const to = endOfBusinessDayExclusive(week.end);
  const day = sql<string>`to_char(${visits.startTime} at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, visits: count() })
    .from(visits)
    .where(and(gte(visits.startTime, startOfBusinessDay(week.start)), lt(visits.startTime, to)))
    .groupBy(day);
  const counts = new Map(rows.map((row) => [row.day, Number(row.visits)]));
  return Array.from({ length: 7 }, (_, index) => {
    const date = addDays(week.start, index);
    return { date, visits: counts.get(date) ?? 0 };
  });
}
