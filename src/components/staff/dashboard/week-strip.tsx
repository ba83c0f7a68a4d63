"use client";

import Link from "next/link";
import { addDays, businessDateOf, businessToday, formatBusinessDate, startOfBusinessDay, weekRange } from "@/lib/business-time";
import { cn } from "@/lib/cn";
import { api } from "@/trpc/react";
import { weekScheduleInput } from "./dashboard-queries";
import { Panel } from "./panel";

/** Spec 2 and 9: the week from Monday to Sunday (Austin days), each day's visits counted. */
export function WeekStrip() {
  const today = businessToday();
  const week = weekRange(today);
  const visits = api.schedules.list.useQuery(weekScheduleInput(today));
  const days = Array.from({ length: 7 }, (_, index) => addDays(week.start, index));
  return (
    <Panel
      title="Weekly Schedule"
      action={
        <Link href="/schedule" className="text-sm font-semibold text-brand-700 hover:underline">
          View Full Calendar
        </Link>
      }
    >
      <ol className="grid grid-cols-7 gap-1 sm:gap-2">
        {days.map((day) => {
          const dayVisits = visits.data?.filter((visit) => businessDateOf(visit.startTime) === day) ?? [];
          const isToday = day === today;
          const label = formatBusinessDate(startOfBusinessDay(day), "EEEE, MMMM d");
          return (
            <li key={day}>
              <Link
                href={`/schedule?date=${day}`}
                aria-label={`${label}: ${dayVisits.length} visit${dayVisits.length === 1 ? "" : "s"}`}
                className={cn(
                  "flex min-h-20 flex-col items-center justify-start gap-1 rounded-lg border p-1.5 text-center sm:p-2",
                  isToday ? "border-brand-600 bg-brand-50" : "border-gray-200 hover:bg-gray-50",
                )}
              >
                <span className="text-xs font-medium text-gray-600">{formatBusinessDate(startOfBusinessDay(day), "EEE")}</span>
                <span className="text-lg font-bold text-gray-900">{formatBusinessDate(startOfBusinessDay(day), "d")}</span>
                {dayVisits.length > 0 ? (
                  <span className="rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white">{dayVisits.length}</span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ol>
    </Panel>
  );
}
