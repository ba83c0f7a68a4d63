import { Download, Printer } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { ApplicationsFilterForm } from "@/components/applications-report/applications-filter-form";
import { ApplicationsTable } from "@/components/applications-report/applications-table";
import { filterLabels, periodLabel } from "@/components/applications-report/report-labels";
import { ReportTabs } from "@/components/reports/report-tabs";
import { applicationsAddress, readApplicationsAddress } from "@/lib/applications-report";
import { defaultGrouping } from "@/lib/reports";
import { requireStaffPage } from "@/server/app/sign-in-gates";
import { serverApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Application records" };

const ACTION = "inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-brand-800 hover:underline";

/**
 * The inspector's view (4 TAC §7.144), for owners and office: the application records of the
 * period in the address, the latest of each amendment chain, with the CSV and the print view of
 * the same records.
 */
export default async function ApplicationsReportPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaffPage("/reports");
  const { input, problem } = readApplicationsAddress(await searchParams);
  const report = await (await serverApi()).applicationsReport.get(input);
  const filters = filterLabels(report);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <h1 className="text-2xl font-bold text-gray-900">Reports</h1>
      <ReportTabs current="applications" period={input} by={defaultGrouping(input)} />
      <ApplicationsFilterForm input={input} report={report} problem={problem} />
      <p className="text-sm text-gray-700">
        Pesticide application records from <strong>{periodLabel(report.period)}</strong>
        {filters.length > 0 ? `, ${filters.join(", ")}` : ""}: {report.records.length} {report.records.length === 1 ? "record" : "records"}.
        Business license {report.businessLicenseNumber ?? "not set"}.
      </p>
      <section aria-labelledby="applications-heading" className="rounded-xl border border-gray-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 px-4 py-3 md:px-5">
          <h2 id="applications-heading" className="text-lg font-semibold text-gray-900">
            Application records
          </h2>
          <div className="flex flex-wrap gap-2">
            <a href={applicationsAddress("/reports/applications/export", input)} download className={ACTION}>
              <Download aria-hidden="true" className="size-4" />
              Download CSV
            </a>
            <Link prefetch={false} href={applicationsAddress("/reports/applications/print", input)} className={ACTION}>
              <Printer aria-hidden="true" className="size-4" />
              Print view
            </Link>
          </div>
        </div>
        <ApplicationsTable records={report.records} />
      </section>
    </div>
  );
}
