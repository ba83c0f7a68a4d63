import { and, gte, lt } from "drizzle-orm";
import { addDays, businessDateOf, businessToday, endOfBusinessDayExclusive, startOfBusinessDay, weekRange } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { visits } from "@/server/db/schema";

/**
 * This week, Monday to Sunday in Austin days, with how many visits start on each day: the week
 * strip shows the numbers, so only start times are read, never the visits themselves.
 */
export async function weekVisitCounts(db: Db, now: Date = new Date()) {
  const week = weekRange(businessToday(now));
  const to = endOfBusinessDayExclusive(week.end);
  const rows = await db
    .select({ startTime: visits.startTime })
    .from(visits)
    .where(and(gte(visits.startTime, startOfBusinessDay(week.start)), lt(visits.startTime, to)));
  const counts = new Map<string, number>();
  for (const { startTime } of rows) {
    const day = businessDateOf(startTime);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return Array.from({ length: 7 }, (_, index) => {
    const date = addDays(week.start, index);
    return { date, visits: counts.get(date) ?? 0 };
  });
}
