import { tz, tzOffset } from "@date-fns/tz";
import { format } from "date-fns";

// Today, tomorrow, this month, the week strip and slot times are Austin time
// whatever zone the server or browser runs in.
export const BUSINESS_TIME_ZONE = "America/Chicago";

/** A calendar day in the business zone, written yyyy-MM-dd. */
export type DateString = string;

const inBusinessZone = tz(BUSINESS_TIME_ZONE);
// Exported so input schemas document the shape they check (a pattern an API client can read).
export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Austin's UTC offset (ms) at an instant. Asking Intl for every date made a day's visit list cost
 * tens of milliseconds (bench/RESULTS.md); Austin's offset only changes on a UTC hour boundary
 * (2:00 local), so one answer per UTC hour is exact and a Map remembers it. A UTC day whose first
 * and last hours agree has no change in it (changes are months apart): all its hours are filled
 * from those two answers, so a new day costs two Intl lookups instead of one per hour asked.
 */
const offsetByUtcHour = new Map<number, number>();
function offsetAt(ms: number): number {
  const hour = Math.floor(ms / HOUR);
  const known = offsetByUtcHour.get(hour);
  if (known !== undefined) return known;
  if (offsetByUtcHour.size > 200_000) offsetByUtcHour.clear();
  const ask = (utcHour: number) => tzOffset(BUSINESS_TIME_ZONE, new Date(utcHour * HOUR)) * MINUTE;
  const firstHour = Math.floor(hour / 24) * 24;
  const first = ask(firstHour);
  if (first === ask(firstHour + 23)) {
    for (let each = firstHour; each < firstHour + 24; each++) offsetByUtcHour.set(each, first);
    return first;
  }
  const offset = ask(hour);
  offsetByUtcHour.set(hour, offset);
  return offset;
}

/** What Austin clocks show at an instant: the calendar day and the time since local midnight. */
export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  msOfDay: number;
}

export function wallClockOf(instant: Date): WallClock {
  const local = new Date(instant.getTime() + offsetAt(instant.getTime()));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    msOfDay: local.getTime() - Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()),
  };
}

/**
 * The instant Austin clocks show this wall-clock time. Month and day may overflow (day 32 is the
 * next month's first), as Date.UTC allows. A time the autumn change repeats reads as its first
 * (daylight) occurrence; a time the spring change skips is read with the offset before the change,
 * so 2:30 becomes 3:30 daylight time.
 */
export function instantOfWallClock(year: number, month: number, day: number, msOfDay: number): Date {
  const wall = Date.UTC(year, month - 1, day) + msOfDay;
  // A change happens at most once within a day either side, so these two offsets cover both readings.
  const before = wall - offsetAt(wall - DAY);
  const after = wall - offsetAt(wall + DAY);
  const readsBack = [before, after].filter((candidate) => candidate + offsetAt(candidate) === wall);
  return new Date(readsBack.length ? Math.min(...readsBack) : before);
}

function parts(date: DateString): { year: number; month: number; day: number } {
  const match = DATE_PATTERN.exec(date);
  if (!match || !isDateString(date)) throw new RangeError(`Not a yyyy-MM-dd date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** yyyy-MM-dd of a calendar day given as a UTC-midnight timestamp. */
function dateStringOfUtcDay(ms: number): DateString {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isDateString(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isTimeOfDay(value: string): boolean {
  return TIME_PATTERN.test(value);
}

export function businessDateOf(instant: Date): DateString {
  const { year, month, day } = wallClockOf(instant);
  return dateStringOfUtcDay(Date.UTC(year, month - 1, day));
}

export function businessTimeOf(instant: Date): string {
  const minutes = Math.floor(wallClockOf(instant).msOfDay / MINUTE);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export function businessToday(now: Date = new Date()): DateString {
  return businessDateOf(now);
}

export function addDays(date: DateString, days: number): DateString {
  const { year, month, day } = parts(date);
  return dateStringOfUtcDay(Date.UTC(year, month - 1, day + days));
}

/** The instant at which Austin clocks show `time` (HH:mm) on `date`, whatever the offset that day. */
export function businessInstant(date: DateString, time: string): Date {
  const match = TIME_PATTERN.exec(time);
  if (!match) throw new RangeError(`Not an HH:mm time: ${time}`);
  const { year, month, day } = parts(date);
  return instantOfWallClock(year, month, day, Number(match[1]) * HOUR + Number(match[2]) * MINUTE);
}

export function startOfBusinessDay(date: DateString): Date {
  const { year, month, day } = parts(date);
  return instantOfWallClock(year, month, day, 0);
}

export function endOfBusinessDayExclusive(date: DateString): Date {
  return startOfBusinessDay(addDays(date, 1));
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Accepts yyyy-MM-dd whose day may overshoot the month (up to 31) and clamps it to the month's
 * last day: the schedule screen asks for day 1 to day 31 of every month.
 */
export function clampToMonth(value: string): DateString | null {
  const match = DATE_PATTERN.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${match[1]}-${match[2]}-${String(Math.min(day, daysInMonth(year, month))).padStart(2, "0")}`;
}

/** Monday to Sunday around `date`: the dashboard week starts Monday. */
export function weekRange(date: DateString): { start: DateString; end: DateString } {
  const { year, month, day } = parts(date);
  const sinceMonday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return { start: addDays(date, -sinceMonday), end: addDays(date, 6 - sinceMonday) };
}

export function monthRange(date: DateString): { start: DateString; end: DateString } {
  const { year, month } = parts(date);
  const monthText = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
  return { start: `${monthText}-01`, end: `${monthText}-${String(daysInMonth(year, month)).padStart(2, "0")}` };
}

/** date-fns `format` read on Austin clocks, e.g. 'EEEE, MMMM d, yyyy' or 'h:mm a'. */
export function formatBusinessDate(instant: Date | number, pattern: string): string {
  return format(instant, pattern, { in: inBusinessZone });
}
