"use client";

import { businessDateOf, formatBusinessDate, startOfBusinessDay, type DateString } from "@/lib/business-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@/trpc/react";
import type { ScheduleVisit } from "../visit-summary";
import { calendarWeekOf, weekVisitsInput } from "./schedule-queries";

/**
 * The week around the chosen day, Sunday to Saturday as the month calendar draws it: each day's
 * visits in order with their time, customer, service and crew. A day's heading opens that day's
 * list, where visits are changed. A row a day: on a phone the visits stack under the day, from md
 * they sit beside it, side by side.
 */
export function WeekView({ date, today, onOpenDay }: { date: DateString; today: DateString; onOpenDay: (date: DateString) => void }) {
  const week = calendarWeekOf(date);
  const visits = api.schedules.list.useQuery(weekVisitsInput(date));
  const crews = api.crews.list.useQuery({}, { staleTime: 60_000 });
  if (visits.isPending) return <Spinner label="Loading the week" />;
  if (visits.isError) return <p className="text-sm text-red-700">The week could not be loaded.</p>;
  const crewName = (crewId: number | null) =>
    crewId === null ? "No crew yet" : (crews.data?.find((crew) => crew.id === crewId)?.name ?? "Crew");
  const byDay = new Map<DateString, ScheduleVisit[]>(week.days.map((day) => [day, []]));
  for (const visit of visits.data) byDay.get(businessDateOf(visit.startTime))?.push(visit);

  return (
    <ol className="space-y-3" data-testid="week-view">
      {week.days.map((day) => {
        const dayVisits = byDay.get(day) ?? [];
        const label = formatBusinessDate(startOfBusinessDay(day), "EEEE, MMMM d");
        return (
          <li
            key={day}
            className="min-w-0 rounded-xl bg-gray-50 p-2 ring-1 ring-gray-200 md:grid md:grid-cols-[9rem_minmax(0,1fr)] md:gap-3"
            aria-label={label}
            data-testid="week-day"
          >
            <button
              type="button"
              onClick={() => onOpenDay(day)}
              className="flex min-h-11 w-full items-baseline justify-between gap-2 rounded-lg px-2 py-1 text-left hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600 md:flex-col md:justify-start md:gap-0.5"
            >
              <span className={day === today ? "font-semibold text-brand-800" : "font-semibold text-gray-900"}>
                <span className="md:hidden">{label}</span>
                <span className="hidden md:inline">{formatBusinessDate(startOfBusinessDay(day), "EEE, MMM d")}</span>
                {day === today ? <span className="text-xs font-normal"> (today)</span> : null}
                <span className="sr-only">, open the day</span>
              </span>
              <span className="shrink-0 text-xs text-gray-600">
                {dayVisits.length || "No"} visit{dayVisits.length === 1 ? "" : "s"}
              </span>
            </button>
            {dayVisits.length > 0 ? (
              <ul className="mt-1 grid gap-2 sm:grid-cols-2 md:mt-0">
                {dayVisits.map((visit) => (
                  <li
                    key={visit.visitId}
                    className="rounded-lg bg-white p-2 text-sm shadow-sm ring-1 ring-gray-200"
                    data-testid="week-visit"
                  >
                    <p className="truncate">
                      <span className="font-medium text-gray-900">{formatBusinessDate(visit.startTime, "h:mm a")}</span>{" "}
                      <span className="text-gray-900">{visit.customer.fullName}</span>
                    </p>
                    {visit.service ? <p className="truncate text-xs text-gray-600">{visit.service.name}</p> : null}
                    <p className="truncate text-xs text-gray-700" data-testid="week-visit-crew">
                      {crewName(visit.crewId)}
                    </p>
                    <div className="mt-1">
                      <StatusBadge status={visit.status} />
                    </div>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
