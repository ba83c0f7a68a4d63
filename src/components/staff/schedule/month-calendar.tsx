"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { addDays, type DateString } from "@/lib/business-time";
import { cn } from "@/lib/cn";
import { monthOf } from "./schedule-queries";

// Calendar days carry no zone: each is read as that date at UTC midnight, so the browser's own
// zone never shifts a day.
const utcDate = (date: DateString) => new Date(`${date}T00:00:00Z`);
const dayLabel = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric", year: "numeric" });
const monthLabel = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", year: "numeric" });
const WEEKDAYS = [
  ["Su", "Sunday"],
  ["Mo", "Monday"],
  ["Tu", "Tuesday"],
  ["We", "Wednesday"],
  ["Th", "Thursday"],
  ["Fr", "Friday"],
  ["Sa", "Saturday"],
] as const;

function shiftMonth(month: DateString, by: number): DateString {
  const date = utcDate(monthOf(month));
  date.setUTCMonth(date.getUTCMonth() + by);
  return date.toISOString().slice(0, 10);
}

/** The weeks (Sunday to Saturday) that hold a month, with the neighbouring months' days that fill them. */
function weeksOf(month: DateString): DateString[][] {
  const first = monthOf(month);
  const last = addDays(shiftMonth(first, 1), -1);
  let day = addDays(first, -utcDate(first).getUTCDay());
  const weeks: DateString[][] = [];
  while (day <= last) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(day, index)));
    day = addDays(day, 7);
  }
  return weeks;
}

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The schedule's month: one day at a time, each day of the shown month with visits bold, underlined
 * in green and counted, the neighbouring months' days shown to fill the weeks. Clicking the chosen
 * day again clears the choice. One day is in the tab order; arrow keys move between days and
 * Page Up / Page Down between months.
 */
export function MonthCalendar({
  month,
  selected,
  today,
  counts,
  needsTime,
  onMonthChange,
  onSelect,
}: {
  month: DateString;
  selected: DateString | null;
  today: DateString;
  /** Visits per day of the shown month; days without any may be missing. */
  counts: ReadonlyMap<DateString, number>;
  /** Visits per day waiting for a time (marked with an orange dot); days without any may be missing. */
  needsTime?: ReadonlyMap<DateString, number>;
  onMonthChange: (month: DateString) => void;
  onSelect: (date: DateString | null) => void;
}) {
  const inMonth = (day: DateString) => day.slice(0, 7) === month.slice(0, 7);
  const [focused, setFocused] = useState<DateString>(selected && inMonth(selected) ? selected : inMonth(today) ? today : monthOf(month));
  const tabStop = inMonth(focused) ? focused : selected && inMonth(selected) ? selected : monthOf(month);
  const grid = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused, month]);

  const focusDay = (day: DateString) => {
    moveFocus.current = true;
    setFocused(day);
    if (!inMonth(day)) onMonthChange(monthOf(day));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: DateString) => {
    if (event.key in KEY_STEPS) focusDay(addDays(day, KEY_STEPS[event.key]!));
    else if (event.key === "PageUp" || event.key === "PageDown") {
      // The same day of the next or previous month, or that month's last day.
      const target = shiftMonth(day, event.key === "PageUp" ? -1 : 1);
      const lastDay = addDays(shiftMonth(target, 1), -1);
      const sameDay = `${target.slice(0, 7)}-${day.slice(8)}`;
      focusDay(sameDay <= lastDay ? sameDay : lastDay);
    } else return;
    event.preventDefault();
  };

  return (
    <div className="mx-auto w-fit">
      <div className="mb-2 flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label="Previous month"
          onClick={() => onMonthChange(shiftMonth(month, -1))}
          className="grid size-11 place-items-center rounded-lg text-brand-700 hover:bg-gray-100"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <p aria-live="polite" className="font-semibold text-gray-900">
          {monthLabel.format(utcDate(month))}
        </p>
        <button
          type="button"
          aria-label="Next month"
          onClick={() => onMonthChange(shiftMonth(month, 1))}
          className="grid size-11 place-items-center rounded-lg text-brand-700 hover:bg-gray-100"
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
      <table ref={grid} className="border-collapse" aria-label={monthLabel.format(utcDate(month))}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={long} scope="col" className="size-11 text-xs font-medium text-gray-600">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const own = inMonth(day);
                const visits = own ? (counts.get(day) ?? 0) : 0;
                const waiting = own ? (needsTime?.get(day) ?? 0) : 0;
                const isSelected = day === selected;
                return (
                  <td key={day} className="p-0">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === tabStop ? 0 : -1}
                      aria-pressed={isSelected}
                      aria-current={day === today ? "date" : undefined}
                      aria-label={`${dayLabel.format(utcDate(day))}${own ? `, ${visits === 0 ? "no visits" : `${visits} visit${visits === 1 ? "" : "s"}`}` : ""}${waiting ? `, ${waiting} needing a time` : ""}`}
                      onClick={() => {
                        setFocused(day);
                        onSelect(isSelected ? null : day);
                      }}
                      onKeyDown={(event) => onKeyDown(event, day)}
                      className={cn(
                        "relative flex size-11 justify-center rounded-lg pt-2 text-sm leading-none",
                        own ? "text-gray-900" : "text-gray-400",
                        visits > 0 && "font-bold text-brand-800 underline decoration-brand-600 decoration-2 underline-offset-4",
                        day === today && !isSelected && "ring-1 ring-brand-600 ring-inset",
                        isSelected ? "bg-brand-700 text-white decoration-white" : "hover:bg-gray-100",
                      )}
                    >
                      <span>{Number(day.slice(8))}</span>
                      {waiting > 0 ? (
                        <span
                          aria-hidden="true"
                          data-testid="needs-time-dot"
                          className="absolute top-1 right-1 size-2 rounded-full bg-orange-600 ring-1 ring-white"
                        />
                      ) : null}
                      {visits > 0 ? (
                        // Positioned out of the flow, so the day's underline does not run under the count.
                        <span
                          aria-hidden="true"
                          className={cn("absolute bottom-0.5 text-[10px] font-semibold", isSelected ? "text-white" : "text-brand-700")}
                        >
                          {visits}
                        </span>
                      ) : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
