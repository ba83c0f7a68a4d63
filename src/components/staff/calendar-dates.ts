import { format } from "date-fns";
import type { DateString } from "@/lib/business-time";

// The calendar shows Austin calendar days; it works on local Date objects, so each Austin day
// travels as the local midnight of the same year, month and day, whatever the browser's zone.

export function calendarDateOf(date: DateString): Date {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(year!, month! - 1, day!);
}

export function dateStringOfCalendarDate(date: Date): DateString {
  return format(date, "yyyy-MM-dd");
}
