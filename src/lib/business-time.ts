import { tz, TZDate } from "@date-fns/tz";
import {
  addDays as addCalendarDays,
  endOfMonth,
  endOfWeek,
  format,
  isValid,
  parse,
  startOfMonth,
  startOfWeek,
} from "date-fns";

// beyond.md 3: today, tomorrow, this month, the week strip and slot times are Austin time
// whatever zone the server or browser runs in.
export const BUSINESS_TIME_ZONE = "America/Chicago";

/** A calendar day in the business zone, written yyyy-MM-dd. */
export type DateString = string;

const inBusinessZone = tz(BUSINESS_TIME_ZONE);
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isDateString(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const parsed = parse(value, "yyyy-MM-dd", new Date(0), { in: inBusinessZone });
  return isValid(parsed) && format(parsed, "yyyy-MM-dd") === value;
}

export function isTimeOfDay(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/**
 * Midnight of the date in Austin, as a TZDate so date-fns keeps calculating in Austin. Every
 * function taking a DateString throws a RangeError for a malformed one rather than guess.
 */
function businessMidnight(date: DateString): TZDate {
  const match = DATE_PATTERN.exec(date);
  if (!match || !isDateString(date)) throw new RangeError(`Not a yyyy-MM-dd date: ${date}`);
  return new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), BUSINESS_TIME_ZONE);
}

function toDateString(date: Date): DateString {
  return format(date, "yyyy-MM-dd", { in: inBusinessZone });
}

export function businessDateOf(instant: Date): DateString {
  return toDateString(instant);
}

export function businessTimeOf(instant: Date): string {
  return format(instant, "HH:mm", { in: inBusinessZone });
}

export function businessToday(now: Date = new Date()): DateString {
  return toDateString(now);
}

export function addDays(date: DateString, days: number): DateString {
  return toDateString(addCalendarDays(businessMidnight(date), days));
}

/** The instant at which Austin clocks show `time` (HH:mm) on `date`, whatever the offset that day. */
export function businessInstant(date: DateString, time: string): Date {
  const match = TIME_PATTERN.exec(time);
  if (!match) throw new RangeError(`Not an HH:mm time: ${time}`);
  const midnight = businessMidnight(date);
  const wallClock = new TZDate(
    midnight.getFullYear(),
    midnight.getMonth(),
    midnight.getDate(),
    Number(match[1]),
    Number(match[2]),
    BUSINESS_TIME_ZONE,
  );
  return new Date(wallClock.getTime());
}

export function startOfBusinessDay(date: DateString): Date {
  return new Date(businessMidnight(date).getTime());
}

export function endOfBusinessDayExclusive(date: DateString): Date {
  return startOfBusinessDay(addDays(date, 1));
}

/**
 * Accepts yyyy-MM-dd whose day may overshoot the month (up to 31) and clamps it to the month's
 * last day: spec 7 has the schedule screen ask for day 1 to day 31 of every month.
 */
export function clampToMonth(value: string): DateString | null {
  const match = DATE_PATTERN.exec(value);
  if (!match) return null;
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const firstOfMonth = `${match[1]}-${match[2]}-01`;
  const lastDay = endOfMonth(businessMidnight(firstOfMonth)).getDate();
  const clampedDay = Math.min(day, lastDay);
  return `${match[1]}-${match[2]}-${String(clampedDay).padStart(2, "0")}`;
}

/** Monday to Sunday around `date`: spec 9 says the dashboard week starts Monday. */
export function weekRange(date: DateString): { start: DateString; end: DateString } {
  const day = businessMidnight(date);
  return {
    start: toDateString(startOfWeek(day, { weekStartsOn: 1 })),
    end: toDateString(endOfWeek(day, { weekStartsOn: 1 })),
  };
}

export function monthRange(date: DateString): { start: DateString; end: DateString } {
  const day = businessMidnight(date);
  return { start: toDateString(startOfMonth(day)), end: toDateString(endOfMonth(day)) };
}

/** date-fns `format` read on Austin clocks, e.g. 'EEEE, MMMM d, yyyy' or 'h:mm a'. */
export function formatBusinessDate(instant: Date | number, pattern: string): string {
  return format(instant, pattern, { in: inBusinessZone });
}
