import { addDays, type DateString } from "@/lib/business-time";

// The schedule screen's query inputs, shared by the server's prefetch and the screen, so the
// screen starts with the answers the page brought.

/** The first day of a date's month. */
export const monthOf = (date: DateString): DateString => `${date.slice(0, 7)}-01`;

/** The month calendar's counts: day 1 to day 31 of the month, whatever its length (the server clamps). */
export function monthCountsInput(month: DateString) {
  return { startDate: monthOf(month), endDate: `${month.slice(0, 7)}-31` };
}

/** The day panel's visits: one Austin day. */
export function dayVisitsInput(date: DateString) {
  return { startDate: date, endDate: date };
}

/** The visits waiting for a time (no input: all of them, soonest first). */
export const NEEDING_TIME_INPUT = {};

/** The calendar's week (Sunday to Saturday, as the month calendar draws it) that holds a date. */
export function calendarWeekOf(date: DateString): { start: DateString; end: DateString; days: DateString[] } {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const sinceSunday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const start = addDays(date, -sinceSunday);
  const days = Array.from({ length: 7 }, (_, index) => addDays(start, index));
  return { start, end: days[6]!, days };
}

/** The week view's visits: its seven Austin days. */
export function weekVisitsInput(date: DateString) {
  const { start, end } = calendarWeekOf(date);
  return { startDate: start, endDate: end };
}
