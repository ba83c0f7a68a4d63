import Link from "next/link";
import { cn } from "@/lib/cn";
import { REPORT_KINDS, REPORT_TITLES, reportAddress, type ReportGrouping, type ReportKind, type ReportPeriod } from "@/lib/reports";

const TAB = "-mb-px flex min-h-11 items-center border-b-2 px-2 text-sm font-semibold sm:px-4";
const tabState = (current: boolean) =>
  current ? "border-brand-700 text-brand-800" : "border-transparent text-gray-600 hover:text-gray-900";

/** The five reports and the inspector's applications report, each keeping the chosen period. */
export function ReportTabs({ current, period, by }: { current: ReportKind | "applications"; period: ReportPeriod; by: ReportGrouping }) {
  return (
    <nav aria-label="Reports" className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
      <ul className="flex min-w-max border-b border-gray-200 sm:gap-1">
        {REPORT_KINDS.map((kind) => (
          <li key={kind}>
            <Link
              prefetch={false}
              href={reportAddress("/reports", kind, period, by)}
              aria-current={kind === current ? "page" : undefined}
              className={cn(TAB, tabState(kind === current))}
            >
              {REPORT_TITLES[kind]}
            </Link>
          </li>
        ))}
        <li>
          <Link
            prefetch={false}
            href={`/reports/applications?${new URLSearchParams({ from: period.from, to: period.to })}`}
            aria-current={current === "applications" ? "page" : undefined}
            className={cn(TAB, tabState(current === "applications"))}
          >
            Applications
          </Link>
        </li>
      </ul>
    </nav>
  );
}
