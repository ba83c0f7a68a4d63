import Link from "next/link";
import { cn } from "@/lib/cn";
import { REPORT_KINDS, REPORT_TITLES, reportAddress, type ReportGrouping, type ReportKind, type ReportPeriod } from "@/lib/reports";

/** The five reports, each keeping the chosen period. */
export function ReportTabs({ current, period, by }: { current: ReportKind; period: ReportPeriod; by: ReportGrouping }) {
  return (
    <nav aria-label="Reports" className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
      <ul className="flex min-w-max border-b border-gray-200 sm:gap-1">
        {REPORT_KINDS.map((kind) => (
          <li key={kind}>
            <Link
              prefetch={false}
              href={reportAddress("/reports", kind, period, by)}
              aria-current={kind === current ? "page" : undefined}
              className={cn(
                "-mb-px flex min-h-11 items-center border-b-2 px-2 text-sm font-semibold sm:px-4",
                kind === current ? "border-brand-700 text-brand-800" : "border-transparent text-gray-600 hover:text-gray-900",
              )}
            >
              {REPORT_TITLES[kind]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
