"use client";

import { CloudRain, Plus } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { ButtonLink, Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { businessDateOf, formatBusinessDate, startOfBusinessDay, type DateString } from "@/lib/business-time";
import { api } from "@/trpc/react";
import { ByCrewToggle, CrewDayView } from "./crew-day-view";
import { MonthCalendar } from "./month-calendar";
import { VisitCard } from "./visit-card";

// The rain-day dialog's code loads when it is opened.
const RainDayDialog = dynamic(() => import("./rain-day-dialog").then((module) => module.RainDayDialog), { loading: () => null });

const monthOf = (date: DateString) => `${date.slice(0, 7)}-01`;

/**
 * Spec 2, Schedule screen: the month calendar beside the chosen day's visits. The spec's three
 * columns from md cannot hold a 44 px-per-day calendar next to the 64-unit sidebar until about
 * 1280 px, so below lg the two stack, and from lg the calendar keeps its width (about a third at
 * 1280 px) and the list takes the rest.
 */
export function ScheduleCalendarView({ initialDate, newHref }: { initialDate: DateString; newHref: string }) {
  const [selected, setSelected] = useState<DateString | null>(initialDate);
  const [month, setMonth] = useState<DateString>(monthOf(initialDate));
  const [rainDayOpen, setRainDayOpen] = useState(false);
  const [byCrew, setByCrew] = useState(false);

  // Spec 7: the screen asks for day 1 to day 31 of the shown month, whatever its length.
  const monthVisits = api.schedules.list.useQuery({ startDate: month, endDate: `${month.slice(0, 7)}-31` });
  const dayVisits = api.schedules.list.useQuery({ startDate: selected ?? month, endDate: selected ?? month }, { enabled: selected !== null });
  const daysWithVisits = [...new Set((monthVisits.data ?? []).map((visit) => businessDateOf(visit.startTime)))].filter(
    (day) => day.slice(0, 7) === month.slice(0, 7),
  );

  const shown = selected ? dayVisits : monthVisits;
  const visits = selected ? (dayVisits.data ?? []).filter((visit) => businessDateOf(visit.startTime) === selected) : (monthVisits.data ?? []);
  const movable = visits.filter((visit) => visit.status === "pending" || visit.status === "confirmed");
  const heading = selected ? formatBusinessDate(startOfBusinessDay(selected), "MMMM d, yyyy") : "Schedule";

  return (
    <div className="grid gap-6 lg:grid-cols-[auto_minmax(0,1fr)]">
      <div className="rounded-xl border border-gray-200 bg-white p-3 shadow-sm lg:self-start">
        <MonthCalendar
          month={month}
          selected={selected}
          daysWithVisits={daysWithVisits}
          onMonthChange={setMonth}
          onSelect={(date) => {
            setSelected(date);
            if (date && monthOf(date) !== month) setMonth(monthOf(date));
          }}
        />
        {selected === null ? null : (
          <Button variant="ghost" size="sm" className="mt-2 w-full" onClick={() => setSelected(null)}>
            Show the whole month
          </Button>
        )}
      </div>
      <section aria-labelledby="day-heading" className="min-w-0">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 id="day-heading" className="text-xl font-semibold text-gray-900">
            {heading}
          </h2>
          <div className="flex flex-wrap gap-2">
            {selected ? <ByCrewToggle pressed={byCrew} onChange={setByCrew} /> : null}
            {selected && movable.length > 0 ? (
              <Button variant="outline" onClick={() => setRainDayOpen(true)}>
                <CloudRain aria-hidden="true" className="size-4" />
                Rain day
              </Button>
            ) : null}
            <ButtonLink href={newHref}>
              <Plus aria-hidden="true" className="size-4" />
              New Service
            </ButtonLink>
          </div>
        </div>
        {shown.isPending ? (
          <Spinner />
        ) : shown.isError ? (
          <p className="text-sm text-red-700">The schedule could not be loaded.</p>
        ) : selected && byCrew ? (
          <CrewDayView visits={visits} />
        ) : visits.length === 0 ? (
          <p className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-600">No schedules for this date.</p>
        ) : (
          <ul className="space-y-3">
            {visits.map((visit) => (
              <VisitCard key={visit.visitId} visit={visit} showDate={selected === null} />
            ))}
          </ul>
        )}
      </section>
      {selected && rainDayOpen ? (
        <RainDayDialog
          fromDate={selected}
          open={rainDayOpen}
          onClose={() => setRainDayOpen(false)}
          onMoved={(toDate) => {
            setRainDayOpen(false);
            setSelected(toDate);
            setMonth(monthOf(toDate));
          }}
        />
      ) : null}
    </div>
  );
}
