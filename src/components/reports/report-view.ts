// Each report's figures as the tables the page shows and the CSV downloads carry, and the series
// its chart draws: one source, so a download always matches the table it sits under.
import { businessInstant, DATE_PATTERN, formatBusinessDate, type DateString } from "@/lib/business-time";
import { formatCents } from "@/lib/money";
import type { ReportGrouping, ReportKind } from "@/lib/reports";
import type {
  OwedFigures,
  OwedReport,
  PlanReport,
  QuoteFigures,
  QuoteReport,
  RevenueFigures,
  RevenueReport,
  WorkReport,
} from "@/server/reports/schemas";

export type CellKind = "text" | "day" | "week" | "month" | "money" | "count" | "decimal" | "percent";
/** A figure whose kind differs from its column's (the summary's rows mix money, counts and rates). */
export interface TypedCell {
  kind: CellKind;
  value: number | null;
}
export type Cell = string | number | null | TypedCell;

export interface ReportColumn {
  label: string;
  kind: CellKind;
}

export interface ReportTable {
  /** Names the CSV download: `?table=<id>`. */
  id: string;
  caption: string;
  columns: ReportColumn[];
  rows: Cell[][];
  total?: Cell[];
  /** Said under the table, e.g. when a list stops at its limit. */
  note?: string;
}

export interface ChartSeries {
  label: string;
  values: Array<number | null>;
  /** The period's main figure is drawn as bars; comparisons as lines. */
  style: "bar" | "line";
}

export interface ReportChart {
  title: string;
  labels: string[];
  series: ChartSeries[];
  unit: "money" | "count";
}

export interface ReportView {
  tables: ReportTable[];
  chart: ReportChart;
}

export type ReportData =
  | { kind: "revenue"; data: RevenueReport }
  | { kind: "owed"; data: OwedReport }
  | { kind: "work"; data: WorkReport }
  | { kind: "plans"; data: PlanReport }
  | { kind: "quotes"; data: QuoteReport };

const noon = (day: DateString) => businessInstant(day, "12:00");
const GROUP_LABEL: Record<ReportGrouping, { column: string; kind: CellKind }> = {
  day: { column: "Day", kind: "day" },
  week: { column: "Week of", kind: "week" },
  month: { column: "Month", kind: "month" },
};

/** The period's figure as columns, and the same bucket a year before as a line over them. */
function againstYearBefore<T>(label: string, current: T[], before: T[], figure: (item: T) => number): ChartSeries[] {
  return [
    { label, values: current.map(figure), style: "bar" },
    { label: `${label} a year before`, values: current.map((_, index) => (before[index] ? figure(before[index]) : null)), style: "line" },
  ];
}

/** A bucket's name under a chart's column, kept short: "Mar 4", "Mar 2024". */
function chartLabel(start: string, kind: CellKind): string {
  if (kind === "month") return formatBusinessDate(noon(`${start.slice(0, 7)}-01`), "MMM yyyy");
  return formatBusinessDate(noon(start), "MMM d");
}

/** How a figure reads on the page. */
export function formatCell(cell: Cell, kind: CellKind): string {
  if (cell !== null && typeof cell === "object") return formatCell(cell.value, cell.kind);
  if (cell === null) return "";
  if (typeof cell === "string") {
    if (!DATE_PATTERN.test(cell.length === 7 ? `${cell}-01` : cell)) return cell;
    if (kind === "day") return formatBusinessDate(noon(cell), "MMM d, yyyy");
    if (kind === "week") return formatBusinessDate(noon(cell), "MMM d, yyyy");
    if (kind === "month") return formatBusinessDate(noon(`${cell.slice(0, 7)}-01`), "MMMM yyyy");
    return cell;
  }
  if (kind === "money") return formatCents(cell);
  if (kind === "percent") return `${(cell * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;
  if (kind === "decimal") return cell.toLocaleString("en-US", { maximumFractionDigits: 2 });
  return cell.toLocaleString("en-US");
}

/** How a figure reads in a spreadsheet: plain numbers (dollars, percent points), ISO days. */
function csvCell(cell: Cell, kind: CellKind): string | number | null {
  if (cell !== null && typeof cell === "object") return csvCell(cell.value, cell.kind);
  if (cell === null || typeof cell === "string") return cell;
  if (kind === "money") return Number((cell / 100).toFixed(2));
  if (kind === "percent") return Number((cell * 100).toFixed(2));
  return cell;
}

/** A column's heading in the CSV names its unit, as the page's dollar signs and % do. */
function csvHeading(column: ReportColumn): string {
  return column.kind === "money" ? `${column.label} ($)` : column.kind === "percent" ? `${column.label} (%)` : column.label;
}

/** The change from a year before, as a share of it; none when there was nothing then. */
function change(current: number | null, before: number | null): TypedCell {
  return { kind: "percent", value: current === null || !before ? null : Math.round(((current - before) / Math.abs(before)) * 1000) / 1000 };
}

function summary(
  caption: string,
  figures: Array<{ label: string; kind: CellKind; current: number | null; before: number | null }>,
): ReportTable {
  return {
    id: "summary",
    caption,
    columns: [
      { label: "Figure", kind: "text" },
      { label: "This period", kind: "count" },
      { label: "A year before", kind: "count" },
      { label: "Change", kind: "percent" },
    ],
    rows: figures.map((figure) => [
      figure.label,
      { kind: figure.kind, value: figure.current },
      { kind: figure.kind, value: figure.before },
      figure.kind === "percent" ? null : change(figure.current, figure.before),
    ]),
  };
}

/** Names found in either period, the current period's order first. */
function sharesTable(
  id: string,
  caption: string,
  heading: string,
  current: RevenueFigures["byService"],
  before: RevenueFigures["byService"],
): ReportTable {
  const key = (share: { id: number | null; name: string }) => `${share.id ?? "none"}:${share.name}`;
  const earlier = new Map(before.map((share) => [key(share), share.net]));
  const rows: Cell[][] = current.map((share) => [share.name, share.net, earlier.get(key(share)) ?? 0]);
  const seen = new Set(current.map(key));
  for (const share of before) if (!seen.has(key(share))) rows.push([share.name, 0, share.net]);
  const sum = (index: number) => rows.reduce((total, row) => total + (row[index] as number), 0);
  return {
    id,
    caption,
    columns: [
      { label: heading, kind: "text" },
      { label: "Net", kind: "money" },
      { label: "Net a year before", kind: "money" },
    ],
    rows,
    total: rows.length ? ["Total", sum(1), sum(2)] : undefined,
  };
}

function revenueView(report: RevenueReport): ReportView {
  const { current, yearBefore } = report;
  const group = GROUP_LABEL[report.by];
  const buckets: ReportTable = {
    id: "revenue",
    caption: `Revenue by ${report.by}`,
    columns: [
      { label: group.column, kind: group.kind },
      { label: "Card", kind: "money" },
      { label: "Cash", kind: "money" },
      { label: "Check", kind: "money" },
      { label: "Refunds", kind: "money" },
      { label: "Net", kind: "money" },
      { label: "Net a year before", kind: "money" },
    ],
    rows: current.buckets.map((bucket, index) => [
      bucket.start,
      bucket.card,
      bucket.cash,
      bucket.check,
      bucket.refunds,
      bucket.net,
      yearBefore.buckets[index]?.net ?? null,
    ]),
    total: [
      "Total",
      current.totals.card,
      current.totals.cash,
      current.totals.check,
      current.totals.refunds,
      current.totals.net,
      yearBefore.totals.net,
    ],
  };
  return {
    tables: [
      summary("This period against a year before", [
        { label: "Net revenue", kind: "money", current: current.totals.net, before: yearBefore.totals.net },
        { label: "Card", kind: "money", current: current.totals.card, before: yearBefore.totals.card },
        { label: "Cash", kind: "money", current: current.totals.cash, before: yearBefore.totals.cash },
        { label: "Check", kind: "money", current: current.totals.check, before: yearBefore.totals.check },
        { label: "Refunds", kind: "money", current: current.totals.refunds, before: yearBefore.totals.refunds },
        { label: "Payments", kind: "count", current: current.totals.payments, before: yearBefore.totals.payments },
      ]),
      buckets,
      sharesTable("services", "Revenue by service", "Service", current.byService, yearBefore.byService),
      sharesTable("crews", "Revenue by crew", "Crew", current.byCrew, yearBefore.byCrew),
    ],
    chart: {
      title: `Net revenue by ${report.by}`,
      labels: current.buckets.map((bucket) => chartLabel(bucket.start, group.kind)),
      series: againstYearBefore("Net", current.buckets, yearBefore.buckets, (bucket) => bucket.net),
      unit: "money",
    },
  };
}

const AGE_LABELS: Record<OwedFigures["buckets"][number]["bucket"], string> = {
  "0-30": "0-30 days",
  "31-60": "31-60 days",
  "61-90": "61-90 days",
  "over-90": "Over 90 days",
};

function owedView(report: OwedReport): ReportView {
  const { current, yearBefore } = report;
  const before = new Map(yearBefore.buckets.map((bucket) => [bucket.bucket, bucket]));
  const limited = current.buckets.filter((bucket) => bucket.customerCount > bucket.customers.length);
  return {
    tables: [
      {
        id: "aging",
        caption: `Owed at the end of ${formatCell(current.asOf, "day")}, by age`,
        columns: [
          { label: "Age", kind: "text" },
          { label: "Visits", kind: "count" },
          { label: "Customers", kind: "count" },
          { label: "Owed", kind: "money" },
          { label: "Owed a year before", kind: "money" },
        ],
        rows: current.buckets.map((bucket) => [
          AGE_LABELS[bucket.bucket],
          bucket.visits,
          bucket.customerCount,
          bucket.amount,
          before.get(bucket.bucket)?.amount ?? 0,
        ]),
        total: ["Total", current.total.visits, null, current.total.amount, yearBefore.total.amount],
      },
      {
        id: "customers",
        caption: "Who owes",
        columns: [
          { label: "Age", kind: "text" },
          { label: "Customer", kind: "text" },
          { label: "Visits", kind: "count" },
          { label: "Owed", kind: "money" },
          { label: "Oldest visit", kind: "day" },
        ],
        rows: current.buckets.flatMap((bucket) =>
          bucket.customers.map((customer) => [
            AGE_LABELS[bucket.bucket],
            customer.name,
            customer.visits,
            customer.amount,
            customer.oldestVisitDay,
          ]),
        ),
        note: limited.length
          ? `Only the largest debts are listed: ${limited
              .map((bucket) => `${AGE_LABELS[bucket.bucket]}, ${bucket.customers.length} of ${bucket.customerCount} customers`)
              .join("; ")}.`
          : undefined,
      },
    ],
    chart: {
      title: "Owed by age, in days",
      labels: current.buckets.map((bucket) => (bucket.bucket === "over-90" ? "90+" : bucket.bucket)),
      series: againstYearBefore("Owed", current.buckets, yearBefore.buckets, (bucket) => bucket.amount),
      unit: "money",
    },
  };
}

function workView(report: WorkReport): ReportView {
  const { current, yearBefore } = report;
  const crewTable = (id: string, caption: string, crews: WorkReport["current"]["crews"]): ReportTable => ({
    id,
    caption,
    columns: [
      { label: "Crew", kind: "text" },
      { label: "Days worked", kind: "count" },
      { label: "Visits completed", kind: "count" },
      { label: "Visits a day", kind: "decimal" },
      { label: "Timed visits", kind: "count" },
      { label: "Minutes on site, average", kind: "decimal" },
      { label: "Routes applied", kind: "count" },
      { label: "Driving km", kind: "decimal" },
      { label: "Driving minutes", kind: "count" },
    ],
    rows: crews.map((crew) => [
      crew.name,
      crew.daysWorked,
      crew.visitsCompleted,
      crew.visitsPerDay,
      crew.timedVisits,
      crew.averageOnSiteMinutes,
      crew.routesApplied,
      crew.drivingKm,
      crew.drivingMinutes,
    ]),
  });
  return {
    tables: [
      summary("This period against a year before", [
        { label: "Visits completed", kind: "count", current: current.totals.completed, before: yearBefore.totals.completed },
        { label: "Skipped by the customer", kind: "count", current: current.totals.skipped, before: yearBefore.totals.skipped },
        { label: "Cancelled", kind: "count", current: current.totals.cancelled, before: yearBefore.totals.cancelled },
      ]),
      {
        id: "weeks",
        caption: "Visits per week",
        columns: [
          { label: "Week of", kind: "week" },
          { label: "Completed", kind: "count" },
          { label: "Skipped", kind: "count" },
          { label: "Cancelled", kind: "count" },
          { label: "Completed a year before", kind: "count" },
        ],
        rows: current.weeks.map((week, index) => [
          week.start,
          week.completed,
          week.skipped,
          week.cancelled,
          yearBefore.weeks[index]?.completed ?? null,
        ]),
        total: ["Total", current.totals.completed, current.totals.skipped, current.totals.cancelled, yearBefore.totals.completed],
      },
      crewTable("crews", "Crews", current.crews),
      crewTable("crews-year-before", "Crews a year before", yearBefore.crews),
    ],
    chart: {
      title: "Visits per week",
      labels: current.weeks.map((week) => chartLabel(week.start, "week")),
      series: [
        ...againstYearBefore("Completed", current.weeks, yearBefore.weeks, (week) => week.completed),
        { label: "Skipped", values: current.weeks.map((week) => week.skipped), style: "line" },
        { label: "Cancelled", values: current.weeks.map((week) => week.cancelled), style: "line" },
      ],
      unit: "count",
    },
  };
}

function plansView(report: PlanReport): ReportView {
  const { current, yearBefore } = report;
  const last = <T>(items: T[]) => items[items.length - 1];
  return {
    tables: [
      summary("This period against a year before", [
        {
          label: "Active at the end",
          kind: "count",
          current: last(current.months)?.active ?? 0,
          before: last(yearBefore.months)?.active ?? 0,
        },
        { label: "New plans", kind: "count", current: current.totals.new, before: yearBefore.totals.new },
        { label: "Plans ended", kind: "count", current: current.totals.ended, before: yearBefore.totals.ended },
      ]),
      {
        id: "months",
        caption: "Recurring plans per month",
        columns: [
          { label: "Month", kind: "month" },
          { label: "Active", kind: "count" },
          { label: "Paused", kind: "count" },
          { label: "New", kind: "count" },
          { label: "Ended", kind: "count" },
          { label: "Active a year before", kind: "count" },
        ],
        rows: current.months.map((month, index) => [
          month.month,
          month.active,
          month.paused,
          month.new,
          month.ended,
          yearBefore.months[index]?.active ?? null,
        ]),
        total: ["Total", null, null, current.totals.new, current.totals.ended, null],
      },
    ],
    chart: {
      title: "Active plans per month",
      labels: current.months.map((month) => chartLabel(month.month, "month")),
      series: [
        ...againstYearBefore("Active", current.months, yearBefore.months, (month) => month.active),
        { label: "New", values: current.months.map((month) => month.new), style: "line" },
        { label: "Ended", values: current.months.map((month) => month.ended), style: "line" },
      ],
      unit: "count",
    },
  };
}

function quotesView(report: QuoteReport): ReportView {
  const { current, yearBefore } = report;
  const now: QuoteFigures["totals"] = current.totals;
  const then: QuoteFigures["totals"] = yearBefore.totals;
  return {
    tables: [
      summary("This period against a year before", [
        { label: "Quotes sent", kind: "count", current: now.sent, before: then.sent },
        { label: "Accepted", kind: "count", current: now.accepted, before: then.accepted },
        { label: "Declined", kind: "count", current: now.declined, before: then.declined },
        { label: "Win rate", kind: "percent", current: now.winRate, before: then.winRate },
        { label: "Value won", kind: "money", current: now.acceptedValue, before: then.acceptedValue },
      ]),
      {
        id: "months",
        caption: "Quotes per month",
        columns: [
          { label: "Month", kind: "month" },
          { label: "Sent", kind: "count" },
          { label: "Accepted", kind: "count" },
          { label: "Declined", kind: "count" },
          { label: "Value won", kind: "money" },
          { label: "Value won a year before", kind: "money" },
        ],
        rows: current.months.map((month, index) => [
          month.month,
          month.sent,
          month.accepted,
          month.declined,
          month.acceptedValue,
          yearBefore.months[index]?.acceptedValue ?? null,
        ]),
        total: ["Total", now.sent, now.accepted, now.declined, now.acceptedValue, then.acceptedValue],
      },
    ],
    chart: {
      title: "Quotes per month",
      labels: current.months.map((month) => chartLabel(month.month, "month")),
      series: [
        { label: "Sent", values: current.months.map((month) => month.sent), style: "bar" },
        { label: "Accepted", values: current.months.map((month) => month.accepted), style: "line" },
        { label: "Declined", values: current.months.map((month) => month.declined), style: "line" },
      ],
      unit: "count",
    },
  };
}

export function reportView(report: ReportData): ReportView {
  switch (report.kind) {
    case "revenue":
      return revenueView(report.data);
    case "owed":
      return owedView(report.data);
    case "work":
      return workView(report.data);
    case "plans":
      return plansView(report.data);
    case "quotes":
      return quotesView(report.data);
  }
}

/** A table as CSV rows: headings, figures, then the total. */
export function tableCsvRows(table: ReportTable): Array<Array<string | number | null>> {
  const row = (cells: Cell[]) => cells.map((cell, index) => csvCell(cell, table.columns[index]!.kind));
  return [table.columns.map(csvHeading), ...table.rows.map(row), ...(table.total ? [row(table.total)] : [])];
}

export type { ReportKind };
