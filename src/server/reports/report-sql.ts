import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { BUSINESS_TIME_ZONE, endOfBusinessDayExclusive, monthRange, startOfBusinessDay, type DateString } from "@/lib/business-time";
import { bucketStarts, type ReportPeriod } from "@/lib/reports";

// Pieces the reports' SQL shares. docs/product-rules.md#reports

/**
 * The Austin day of an instant column. The zone is written as a literal, not a parameter, so the
 * same expression in `select` and `group by` is the same SQL text.
 */
export function austinDay(column: SQLWrapper): SQL<string> {
  return sql<string>`(${column} at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)})::date`;
}

/**
 * The period as a range of instants, [its first day's midnight, the midnight after its last),
 * for an index-friendly `col >= from and col < to`; ISO text cast by the statement to timestamptz.
 */
export function periodInstants(period: ReportPeriod): { from: string; to: string } {
  return { from: startOfBusinessDay(period.from).toISOString(), to: endOfBusinessDayExclusive(period.to).toISOString() };
}

/** A month the period touches: yyyy-MM and the first and last of the period's own days in it. */
export interface ReportMonth {
  month: string;
  firstDay: DateString;
  lastDay: DateString;
}

export function reportMonths(period: ReportPeriod): ReportMonth[] {
  return bucketStarts(period, "month").map((start) => {
    const end = monthRange(start).end;
    return { month: start.slice(0, 7), firstDay: start < period.from ? period.from : start, lastDay: end > period.to ? period.to : end };
  });
}

/** The months as a table `months(month, first_day, last_day)` for a statement's `with`. */
export function monthsTable(months: ReportMonth[]): SQL {
  const list = (values: string[]) => `{${values.join(",")}}`;
  return sql`select * from unnest(${list(months.map((each) => each.month))}::text[], ${list(months.map((each) => each.firstDay))}::date[],
    ${list(months.map((each) => each.lastDay))}::date[]) as m(month, first_day, last_day)`;
}
