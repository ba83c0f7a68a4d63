"use client";

import { AlarmClock, CalendarDays } from "lucide-react";
import Link from "next/link";
import { ButtonLink } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { businessDateOf, formatBusinessDate, startOfBusinessDay, type DateString } from "@/lib/business-time";
import { api } from "@/trpc/react";
import type { ScheduleVisit } from "../visit-summary";
import { NEEDING_TIME_INPUT } from "./schedule-queries";
import { VisitCard } from "./visit-card";

const visitsText = (count: number) => `${count} visit${count === 1 ? "" : "s"}`;

/**
 * The schedule's line about visits waiting for a time (office only): nothing when there are none,
 * else how many and a link to their list.
 */
export function NeedsTimeNotice() {
  const needing = api.schedules.needingTime.useQuery(NEEDING_TIME_INPUT);
  const count = needing.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Link
      href="/schedule?needsTime=true"
      prefetch={false}
      data-testid="needs-time-notice"
      className="flex min-h-11 items-center gap-3 rounded-xl border border-orange-200 bg-orange-50 px-4 py-2 text-sm text-orange-900 hover:bg-orange-100"
    >
      <AlarmClock aria-hidden="true" className="size-5 shrink-0 text-orange-700" />
      <span>
        <strong>{visitsText(count)}</strong> {count === 1 ? "needs" : "need"} a time: no crew was free at the time its accepted quote or
        lawn round asked for. <span className="font-semibold underline">See {count === 1 ? "it" : "them"}</span>
      </span>
    </Link>
  );
}

/** The visits waiting for a time, by day, soonest first, each with what the day panel offers. */
export function NeedsTimeList() {
  const needing = api.schedules.needingTime.useQuery(NEEDING_TIME_INPUT);
  if (needing.isPending) return <PageSpinner />;
  if (needing.isError) return <p className="text-sm text-red-700">The visits needing a time could not be loaded.</p>;
  if (needing.data.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-600">
        Every visit has a time.
      </p>
    );
  }
  const days = new Map<DateString, ScheduleVisit[]>();
  for (const visit of needing.data) {
    const day = businessDateOf(visit.startTime);
    days.set(day, [...(days.get(day) ?? []), visit]);
  }
  return (
    <div className="space-y-6">
      <p className="text-sm text-gray-700">
        {visitsText(needing.data.length)} of accepted quotes could not fit the crews&apos; time and{" "}
        {needing.data.length === 1 ? "is" : "are"} pending where the quote put {needing.data.length === 1 ? "it" : "them"}. Moving a visit,
        or confirming it to keep its time, takes it off this list.
      </p>
      {[...days].map(([day, visits]) => (
        <section key={day} aria-labelledby={`needs-time-${day}`} className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`needs-time-${day}`} className="text-lg font-semibold text-gray-900">
              {formatBusinessDate(startOfBusinessDay(day), "EEEE, MMMM d, yyyy")}
            </h2>
            <ButtonLink href={`/schedule?date=${day}`} prefetch={false} variant="outline" size="sm">
              <CalendarDays aria-hidden="true" className="size-4" />
              Open day
            </ButtonLink>
          </div>
          <ul className="space-y-3">
            {visits.map((visit) => (
              <VisitCard key={visit.visitId} visit={visit} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
