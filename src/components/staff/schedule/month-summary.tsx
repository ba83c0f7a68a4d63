"use client";

import { Spinner } from "@/components/ui/spinner";
import { formatBusinessDate, startOfBusinessDay, type DateString } from "@/lib/business-time";
import type { RouterOutputs } from "@/trpc/react";

type DayCount = RouterOutputs["schedules"]["dayCounts"][number];

const visitsText = (count: number) => `${count} visit${count === 1 ? "" : "s"}`;

/**
 * The month at a glance when no day is chosen: each day with visits and how many, by status,
 * from the same counts the calendar marks. Choosing a day opens its list.
 */
export function MonthSummary({
  month,
  days,
  isError,
  onSelect,
}: {
  month: DateString;
  days: DayCount[] | undefined;
  isError: boolean;
  onSelect: (date: DateString) => void;
}) {
  if (isError) return <p className="text-sm text-red-700">The month&apos;s visits could not be counted.</p>;
  if (!days) return <Spinner />;
  const shown = days.filter((day) => day.date.slice(0, 7) === month.slice(0, 7));
  if (shown.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-600">
        No schedules this month.
      </p>
    );
  }
  const total = shown.reduce((sum, day) => sum + day.total, 0);
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700">
        {visitsText(total)} on {shown.length} day{shown.length === 1 ? "" : "s"} in{" "}
        {formatBusinessDate(startOfBusinessDay(month), "MMMM yyyy")}.
      </p>
      <ul className="divide-y divide-gray-200 overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
        {shown.map((day) => {
          const details = [
            day.confirmed ? `${day.confirmed} confirmed` : null,
            day.pending ? `${day.pending} pending` : null,
            day.completed ? `${day.completed} completed` : null,
            day.cancelled ? `${day.cancelled} cancelled` : null,
          ].filter(Boolean);
          const waiting = day.needsTime ? `${day.needsTime} ${day.needsTime === 1 ? "needs" : "need"} a time` : null;
          return (
            <li key={day.date}>
              <button
                type="button"
                onClick={() => onSelect(day.date)}
                className="flex min-h-11 w-full flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 text-left hover:bg-gray-50"
              >
                <span className="font-medium text-gray-900">{formatBusinessDate(startOfBusinessDay(day.date), "EEEE, MMMM d")}</span>
                <span className="text-sm text-gray-700">
                  <strong className="text-brand-800">{visitsText(day.total)}</strong>
                  {details.length ? ` (${details.join(", ")})` : null}
                  {waiting ? <strong className="ml-2 font-semibold text-orange-800">{waiting}</strong> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
