"use client";

import { ROLES } from "@/lib/staff-roles";
import { useStaffCan } from "@/components/staff/use-staff-session";
import { ChevronLeft, ChevronRight, CloudRain, Plus, Route as RouteIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useMemo, useState } from "react";
import { ButtonLink, Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { addDays, businessDateOf, formatBusinessDate, startOfBusinessDay, type DateString } from "@/lib/business-time";
import { api } from "@/trpc/react";
import { ByCrewToggle, CrewDayView } from "./crew-day-view";
import { MonthCalendar } from "./month-calendar";
import { MonthSummary } from "./month-summary";
import { NeedsTimeNotice } from "./needs-time-list";
import { calendarWeekOf, dayVisitsInput, monthCountsInput, monthOf } from "./schedule-queries";
import { VisitCard } from "./visit-card";
import { WeekView } from "./week-view";

// The rain-day dialog's code loads when it is opened.
const RainDayDialog = dynamic(() => import("./rain-day-dialog").then((module) => module.RainDayDialog), { loading: () => null });

/**
 * The schedule screen: the month calendar beside the chosen day's visits. The calendar asks only
 * for each day's count and the panel only for its day's visits, so a month of thousands of visits
 * stays light. Below lg the two stack; from lg the calendar keeps its width and the list takes the rest.
 */
export function ScheduleCalendarView({ initialDate, today, newHref }: { initialDate: DateString; today: DateString; newHref: string }) {
  const [selected, setSelected] = useState<DateString | null>(initialDate);
  const [month, setMonth] = useState<DateString>(monthOf(initialDate));
  const [rainDayOpen, setRainDayOpen] = useState(false);
  const [byCrew, setByCrew] = useState(false);
  const [view, setView] = useState<"day" | "week">("day");
  // Crew members see their crew's day and change its visits' status; planning is the office's.
  const plans = useStaffCan(ROLES.office);

  const monthCounts = api.schedules.dayCounts.useQuery(monthCountsInput(month));
  const counts = useMemo(() => new Map((monthCounts.data ?? []).map((day) => [day.date, day.total])), [monthCounts.data]);
  const needsTime = useMemo(
    () => new Map((monthCounts.data ?? []).filter((day) => day.needsTime > 0).map((day) => [day.date, day.needsTime])),
    [monthCounts.data],
  );
  const dayVisits = api.schedules.list.useQuery(dayVisitsInput(selected ?? month), { enabled: selected !== null && view === "day" });
  // The list holds every visit overlapping the day; the panel shows those that start on it.
  const visits = (dayVisits.data ?? []).filter((visit) => businessDateOf(visit.startTime) === selected);
  const movable = visits.filter((visit) => visit.status === "pending" || visit.status === "confirmed");
  const week = selected ? calendarWeekOf(selected) : null;
  const heading = !selected
    ? "Schedule"
    : view === "week" && week
      ? `Week of ${formatBusinessDate(startOfBusinessDay(week.start), "MMMM d")} – ${formatBusinessDate(startOfBusinessDay(week.end), "MMMM d, yyyy")}`
      : formatBusinessDate(startOfBusinessDay(selected), "MMMM d, yyyy");

  const select = (date: DateString | null) => {
    setSelected(date);
    if (date && monthOf(date) !== month) setMonth(monthOf(date));
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[auto_minmax(0,1fr)]">
      {plans ? (
        <div className="empty:hidden lg:col-span-2">
          <NeedsTimeNotice />
        </div>
      ) : null}
      <div className="rounded-xl border border-gray-200 bg-white p-3 shadow-sm lg:self-start">
        <MonthCalendar
          month={month}
          selected={selected}
          today={today}
          counts={counts}
          needsTime={needsTime}
          onMonthChange={setMonth}
          onSelect={select}
        />
        {monthCounts.isError ? (
          <p className="mt-2 text-center text-sm text-red-700">The month&apos;s visit counts could not be loaded.</p>
        ) : null}
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
            {selected ? <DayWeekToggle view={view} onChange={setView} /> : null}
            {view === "week" && selected ? (
              <>
                <Button variant="outline" aria-label="Previous week" onClick={() => select(addDays(selected, -7))}>
                  <ChevronLeft aria-hidden="true" className="size-4" />
                </Button>
                <Button variant="outline" aria-label="Next week" onClick={() => select(addDays(selected, 7))}>
                  <ChevronRight aria-hidden="true" className="size-4" />
                </Button>
              </>
            ) : null}
            {plans && selected && view === "day" ? <ByCrewToggle pressed={byCrew} onChange={setByCrew} /> : null}
            {selected && view === "day" ? (
              <ButtonLink variant="outline" href={`/schedule/route?date=${selected}`}>
                <RouteIcon aria-hidden="true" className="size-4" />
                Route
              </ButtonLink>
            ) : null}
            {plans && selected && view === "day" && movable.length > 0 ? (
              <Button variant="outline" onClick={() => setRainDayOpen(true)}>
                <CloudRain aria-hidden="true" className="size-4" />
                Rain day
              </Button>
            ) : null}
            {plans ? (
              <ButtonLink href={newHref}>
                <Plus aria-hidden="true" className="size-4" />
                New Service
              </ButtonLink>
            ) : null}
          </div>
        </div>
        {selected === null ? (
          <MonthSummary month={month} days={monthCounts.data} isError={monthCounts.isError} onSelect={select} />
        ) : view === "week" ? (
          <WeekView
            date={selected}
            today={today}
            onOpenDay={(date) => {
              select(date);
              setView("day");
            }}
          />
        ) : dayVisits.isPending ? (
          <Spinner />
        ) : dayVisits.isError ? (
          <p className="text-sm text-red-700">The schedule could not be loaded.</p>
        ) : selected && byCrew ? (
          <CrewDayView visits={visits} />
        ) : visits.length === 0 ? (
          <p className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-600">
            No schedules for this date.
          </p>
        ) : (
          <ul className="space-y-3">
            {visits.map((visit) => (
              <VisitCard key={visit.visitId} visit={visit} />
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
            select(toDate);
          }}
        />
      ) : null}
    </div>
  );
}

/** Day or Week for the panel beside the calendar; the day's list is the default, as the spec has it. */
function DayWeekToggle({ view, onChange }: { view: "day" | "week"; onChange: (view: "day" | "week") => void }) {
  return (
    <div role="group" aria-label="Day or week" className="inline-flex rounded-lg ring-1 ring-gray-300">
      {(["day", "week"] as const).map((option) => (
        <Button
          key={option}
          variant={view === option ? "secondary" : "ghost"}
          aria-pressed={view === option}
          onClick={() => onChange(option)}
        >
          {option === "day" ? "Day" : "Week"}
        </Button>
      ))}
    </div>
  );
}
