import "server-only";

import type { ReportData } from "@/components/reports/report-view";
import type { ReportGrouping, ReportKind, ReportPeriod } from "@/lib/reports";
import { serverApi } from "@/trpc/server";

/** One report through its procedure, as the signed-in staff member (the roles are checked there). */
export async function loadReport(report: ReportKind, period: ReportPeriod, by: ReportGrouping): Promise<ReportData> {
  const api = await serverApi();
  switch (report) {
    case "revenue":
      return { kind: report, data: await api.reports.revenue({ ...period, by }) };
    case "owed":
      return { kind: report, data: await api.reports.owed({ asOf: period.to }) };
    case "work":
      return { kind: report, data: await api.reports.work(period) };
    case "plans":
      return { kind: report, data: await api.reports.plans(period) };
    case "quotes":
      return { kind: report, data: await api.reports.quotes(period) };
  }
}
