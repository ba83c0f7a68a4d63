import Link from "next/link";
import { formatBusinessDate, startOfBusinessDay } from "@/lib/business-time";
import { cn } from "@/lib/cn";
import type { RouterOutputs } from "@/trpc/react";
import { Panel } from "./panel";

type WeekDay = RouterOutputs["dashboard"]["week"][number];

/** The week from Monday to Sunday (Austin days), each day's visits counted; null when not loaded. */
export function WeekStrip({ today, days }: { today: string; days: WeekDay[] | null }) {
  return (
    <Panel
      title="Weekly Schedule"
      action={
        <Link prefetch={false} href="/schedule" className="text-sm font-semibold text-brand-700 hover:underline">
          View Full Calendar
        </Link>
      }
    >
      {days === null ? (
        <p className="text-sm text-red-700">This week's schedule could not be loaded.</p>
      ) : (
        <ol className="grid grid-cols-7 gap-1 sm:gap-2">
          {days.map(({ date, visits }) => {
            const start = startOfBusinessDay(date);
            const label = formatBusinessDate(start, "EEEE, MMMM d");
            return (
              <li key={date}>
                <Link
                  prefetch={false}
                  href={`/schedule?date=${date}`}
                  aria-label={`${label}: ${visits} visit${visits === 1 ? "" : "s"}`}
                  className={cn(
                    "flex min-h-20 flex-col items-center justify-start gap-1 rounded-lg border p-1.5 text-center sm:p-2",
                    date === today ? "border-brand-600 bg-brand-50" : "border-gray-200 hover:bg-gray-50",
                  )}
                >
                  <span className="text-xs font-medium text-gray-600">{formatBusinessDate(start, "EEE")}</span>
                  <span className="text-lg font-bold text-gray-900">{formatBusinessDate(start, "d")}</span>
                  {visits > 0 ? <span className="rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white">{visits}</span> : null}
                </Link>
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
