// The reports' periods, named once for the procedures, the Reports page and its address.
// docs/product-rules.md#reports
import { addDays, businessToday, DATE_PATTERN, isDateString, monthRange, weekRange, type DateString } from "@/lib/business-time";

export const REPORT_KINDS = ["revenue", "owed", "work", "plans", "quotes"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_TITLES: Record<ReportKind, string> = {
  revenue: "Revenue",
  owed: "Owed",
  work: "Work",
  plans: "Plans",
  quotes: "Quotes",
};

/** How revenue is grouped in time. */
export const REPORT_GROUPINGS = ["day", "week", "month"] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** A year and a day, so a leap year's whole year fits. */
export const MAX_REPORT_DAYS = 366;

/** Austin days, both included. */
export interface ReportPeriod {
  from: DateString;
  to: DateString;
}

export const REPORT_PERIOD_MESSAGES = {
  from: "The first day must be a date written yyyy-MM-dd",
  to: "The last day must be a date written yyyy-MM-dd",
  order: "The first day must be on or before the last day",
  length: `A report covers at most ${MAX_REPORT_DAYS} days`,
  by: "Group by day, week or month",
} as const;

/** Days from `from` to `to`, both included (1 for a single day). */
export function daysIn({ from, to }: ReportPeriod): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The same calendar day a year before; 29 February becomes the 28th. */
export function yearBeforeDay(date: DateString): DateString {
  const year = String(Number(date.slice(0, 4)) - 1).padStart(4, "0");
  const shifted = `${year}${date.slice(4)}`;
  return isDateString(shifted) ? shifted : `${year}${date.slice(4, 8)}28`;
}

/** The period a year before, for the comparison every report shows. */
export function yearBefore(period: ReportPeriod): ReportPeriod {
  return { from: yearBeforeDay(period.from), to: yearBeforeDay(period.to) };
}

/** The first day of the bucket `date` falls in: the day, its week's Monday, or its month's first. */
export function bucketStart(date: DateString, by: ReportGrouping): DateString {
  if (by === "week") return weekRange(date).start;
  if (by === "month") return monthRange(date).start;
  return date;
}

/** Every bucket's first day that the period touches, in order. */
export function bucketStarts(period: ReportPeriod, by: ReportGrouping): DateString[] {
  const starts: DateString[] = [];
  let day = bucketStart(period.from, by);
  while (day <= period.to) {
    starts.push(day);
    day = by === "day" ? addDays(day, 1) : by === "week" ? addDays(day, 7) : addDays(monthRange(day).end, 1);
  }
  return starts;
}

/** The month so far: what the page opens on. */
export function defaultReportPeriod(now: Date = new Date()): ReportPeriod {
  const today = businessToday(now);
  return { from: monthRange(today).start, to: today };
}

/** The grouping that keeps a chart readable: days for a month or less, weeks to a quarter, then months. */
export function defaultGrouping(period: ReportPeriod): ReportGrouping {
  const days = daysIn(period);
  return days <= 31 ? "day" : days <= 92 ? "week" : "month";
}

/**
 * The page's address carries the period and nothing personal: `?report=revenue&from=…&to=…&by=…`.
 * Anything missing falls back to the defaults; a period that cannot be a report's says why
 * (`problem`) and the month so far is shown instead.
 */
export function readReportAddress(params: Record<string, string | string[] | undefined>, now: Date = new Date()) {
  const value = (key: string) => {
    const raw = params[key];
    return typeof raw === "string" && raw.trim() !== "" ? raw.trim() : undefined;
  };
  const report = (REPORT_KINDS as readonly string[]).includes(value("report") ?? "") ? (value("report") as ReportKind) : "revenue";
  const fallback = defaultReportPeriod(now);
  const isDay = (raw: string | undefined) => raw === undefined || (DATE_PATTERN.test(raw) && isDateString(raw));
  let problem: string | undefined;
  if (!isDay(value("from"))) problem = REPORT_PERIOD_MESSAGES.from;
  else if (!isDay(value("to"))) problem = REPORT_PERIOD_MESSAGES.to;
  let period: ReportPeriod = { from: value("from") ?? fallback.from, to: value("to") ?? fallback.to };
  if (!problem && period.from > period.to) problem = REPORT_PERIOD_MESSAGES.order;
  if (!problem && daysIn(period) > MAX_REPORT_DAYS) problem = REPORT_PERIOD_MESSAGES.length;
  if (problem) period = fallback;
  const by = (REPORT_GROUPINGS as readonly string[]).includes(value("by") ?? "")
    ? (value("by") as ReportGrouping)
    : defaultGrouping(period);
  return { report, period, by, problem };
}

/** The periods offered as one tap: this month, last month, the year so far, the last 12 months. */
export function periodPresets(now: Date = new Date()): Array<{ label: string; period: ReportPeriod }> {
  const today = businessToday(now);
  const thisMonth = monthRange(today);
  const lastMonth = monthRange(addDays(thisMonth.start, -1));
  return [
    { label: "This month", period: { from: thisMonth.start, to: today } },
    { label: "Last month", period: { from: lastMonth.start, to: lastMonth.end } },
    { label: "Year to date", period: { from: `${today.slice(0, 4)}-01-01`, to: today } },
    { label: "Last 12 months", period: { from: addDays(yearBeforeDay(today), 1), to: today } },
  ];
}

/** The address of a report: the page's, or its CSV's with `/reports/export`. */
export function reportAddress(path: "/reports" | "/reports/export", report: ReportKind, period: ReportPeriod, by: ReportGrouping): string {
  return `${path}?${new URLSearchParams({ report, from: period.from, to: period.to, by })}`;
}
