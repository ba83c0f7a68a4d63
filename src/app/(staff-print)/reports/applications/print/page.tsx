import type { Metadata } from "next";
import Link from "next/link";
import { PrintButton } from "@/components/applications-report/print-button";
import { RecordFields } from "@/components/applications-report/record-fields";
import { filterLabels, periodLabel } from "@/components/applications-report/report-labels";
import { buttonClasses } from "@/components/ui/button";
import { applicationsAddress, dayLabel, readApplicationsAddress } from "@/lib/applications-report";
import { BUSINESS } from "@/lib/business";
import { businessToday } from "@/lib/business-time";
import { requireStaffPage } from "@/server/app/sign-in-gates";
import { serverApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Application records (print)", robots: { index: false, follow: false } };

// The paper: US letter with even margins, white, no shadows; a record never splits across pages.
const PRINT_RULES = `
@page { size: letter; margin: 12mm; }
@media print {
  html, body { background: #fff !important; }
  .application-record { break-inside: avoid; page-break-inside: avoid; }
}`;

/**
 * The applications report on paper, for an inspector (4 TAC §7.144): the business and its license
 * on top, the period and filters, then each record as a block with every field. It stands outside
 * the staff frame (no navigation), in its own route group; the same sign-in gate as the page.
 */
export default async function ApplicationsPrintPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaffPage("/reports");
  const { input } = readApplicationsAddress(await searchParams);
  const report = await (await serverApi()).applicationsReport.get(input);
  const filters = filterLabels(report);
  return (
    <main className="mx-auto max-w-4xl bg-white px-4 py-6 text-gray-900 sm:px-8 print:max-w-none print:p-0">
      <style>{PRINT_RULES}</style>
      <div className="mb-6 flex flex-wrap items-center gap-3 print:hidden">
        <PrintButton />
        <Link prefetch={false} href={applicationsAddress("/reports/applications", input)} className={buttonClasses("outline")}>
          Back to the report
        </Link>
      </div>
      <header className="border-b-2 border-gray-900 pb-4">
        <p className="text-xl font-bold">{BUSINESS.name}</p>
        <p className="text-sm">
          Business license number: <strong>{report.businessLicenseNumber ?? "not set"}</strong> · {BUSINESS.phone} · {BUSINESS.email}
        </p>
        <h1 className="mt-3 text-2xl font-bold">Pesticide application records</h1>
        <p className="text-sm">
          Records kept under 4 TAC §7.144. Each record is shown in its latest version; corrections name the original.
        </p>
        <dl className="mt-3 grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">Period</dt>
          <dd>{periodLabel(report.period)}</dd>
          <dt className="font-semibold">Filters</dt>
          <dd>{filters.length > 0 ? filters.join("; ") : "All products, applicators and customers"}</dd>
          <dt className="font-semibold">Records</dt>
          <dd>{report.records.length}</dd>
          <dt className="font-semibold">Printed</dt>
          <dd>{dayLabel(businessToday())}</dd>
        </dl>
      </header>
      {report.records.length === 0 ? (
        <p className="py-6 text-sm">No application records match.</p>
      ) : (
        report.records.map((record) => (
          <article key={record.id} className="application-record border-b border-gray-300 py-4" data-application-record={record.id}>
            <h2 className="mb-2 text-base font-bold">
              Record #{record.id}
              {record.amendment ? " (amended)" : ""}
            </h2>
            <RecordFields record={record} />
          </article>
        ))
      )}
    </main>
  );
}
