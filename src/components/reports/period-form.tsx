import Form from "next/form";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { periodPresets, reportAddress, type ReportGrouping, type ReportKind, type ReportPeriod } from "@/lib/reports";

const INPUT = "mt-1 block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 md:text-sm";

/**
 * The period: a plain GET form, so it works without JavaScript and the address says what is shown.
 * Owed is a picture of one day, the period's last.
 */
export function PeriodForm({
  report,
  period,
  by,
  problem,
}: {
  report: ReportKind;
  period: ReportPeriod;
  by: ReportGrouping;
  problem?: string;
}) {
  return (
    <div className="space-y-3">
      <FormAlert message={problem ? `${problem}. Showing the month so far.` : undefined} />
      <Form action="/reports" className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <input type="hidden" name="report" value={report} />
        <label className="text-sm font-medium text-gray-800">
          From
          <input type="date" name="from" defaultValue={period.from} required className={INPUT} />
        </label>
        <label className="text-sm font-medium text-gray-800">
          To
          <input type="date" name="to" defaultValue={period.to} required className={INPUT} />
        </label>
        {report === "revenue" ? (
          <label className="col-span-2 text-sm font-medium text-gray-800 sm:col-span-1">
            Group by
            <select name="by" defaultValue={by} className={INPUT}>
              <option value="day">Day</option>
              <option value="week">Week</option>
              <option value="month">Month</option>
            </select>
          </label>
        ) : null}
        <button type="submit" className={buttonClasses("primary", "md", "col-span-2 sm:col-span-1")}>
          Show
        </button>
      </Form>
      <ul className="flex flex-wrap gap-2" aria-label="Quick periods">
        {periodPresets().map((preset) => (
          <li key={preset.label}>
            <Link
              prefetch={false}
              href={reportAddress("/reports", report, preset.period, report === "revenue" ? by : "month")}
              className={buttonClasses("outline", "sm")}
            >
              {preset.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
