"use client";

import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import type { CSSProperties } from "react";
import type { DateString } from "@/lib/business-time";
import { calendarDateOf, dateStringOfCalendarDate } from "../calendar-dates";

// Set inline: the picker's own stylesheet would win over a class of equal weight.
const CALENDAR_COLOURS = {
  "--rdp-accent-color": "var(--color-brand-700)",
  "--rdp-accent-background-color": "var(--color-brand-50)",
} as CSSProperties;

/**
 * Spec 2, Schedule screen: one day at a time, days with visits in the shown month bold and
 * underlined in green, outside days shown.
 */
export function MonthCalendar({
  month,
  selected,
  daysWithVisits,
  onMonthChange,
  onSelect,
}: {
  month: DateString;
  selected: DateString | null;
  daysWithVisits: DateString[];
  onMonthChange: (month: DateString) => void;
  onSelect: (date: DateString | null) => void;
}) {
  return (
    <DayPicker
      mode="single"
      showOutsideDays
      month={calendarDateOf(month)}
      onMonthChange={(next) => onMonthChange(dateStringOfCalendarDate(next))}
      selected={selected ? calendarDateOf(selected) : undefined}
      onSelect={(date) => onSelect(date ? dateStringOfCalendarDate(date) : null)}
      modifiers={{ hasVisits: daysWithVisits.map(calendarDateOf) }}
      modifiersClassNames={{ hasVisits: "font-bold underline decoration-brand-600 decoration-2 underline-offset-4 text-brand-800" }}
      className="mx-auto w-fit"
      style={CALENDAR_COLOURS}
    />
  );
}
