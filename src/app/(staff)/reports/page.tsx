import type { Metadata } from "next";
import { Panel } from "@/components/staff/dashboard/panel";
import { PeriodForm } from "@/components/reports/period-form";
import { ReportChart } from "@/components/reports/report-chart";
import { ReportTableCard } from "@/components/reports/report-table";
import { ReportTabs } from "@/components/reports/report-tabs";
import { formatCell, reportView } from "@/components/reports/report-view";
import { readReportAddress, REPORT_TITLES, reportAddress, yearBefore, yearBeforeDay } from "@/lib/reports";
import { requireStaffPage } from "@/server/app/sign-in-gates";
import { loadReport } from "./load-report";

export const metadata: Metadata = { title: "Reports" };

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * How the business is doing, for owners and office: one report at a time for the period in the
 * address, against the same days a year before. Rendered on the server, tables first-class; the
 * chart is drawn by the script into a box already sized for it.
 */
export default async function ReportsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaffPage("/reports");
  const { report, period, by, problem } = readReportAddress(await searchParams);
  const view = reportView(await loadReport(report, period, by));
  const before = yearBefore(period);
  const span = (from: string, to: string) =>
    from === to ? formatCell(from, "day") : `${formatCell(from, "day")} to ${formatCell(to, "day")}`;
  const csvHref = (table: string) => `${reportAddress("/reports/export", report, period, by)}&table=${table}`;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <h1 className="text-2xl font-bold text-gray-900">Reports</h1>
      <ReportTabs current={report} period={period} by={by} />
      <PeriodForm report={report} period={period} by={by} problem={problem} />
      <p className="text-sm text-gray-700">
        {report === "owed" ? (
          <>
            {REPORT_TITLES.owed} at the end of <strong>{formatCell(period.to, "day")}</strong>, against the end of{" "}
            {formatCell(yearBeforeDay(period.to), "day")}.
          </>
        ) : (
          <>
            {REPORT_TITLES[report]} from <strong>{span(period.from, period.to)}</strong>, against {span(before.from, before.to)}.
          </>
        )}
      </p>
      {/* Without a script there is no chart: the panel takes no room, and the tables stand alone. */}
      <div className="noscript:hidden">
        <Panel title={view.chart.title}>
          <ReportChart chart={view.chart} />
        </Panel>
      </div>
      {view.tables.map((table) => (
        <ReportTableCard key={table.id} table={table} csvHref={csvHref(table.id)} />
      ))}
    </div>
  );
}
