import {
  addDays,
  businessDateOf,
  type DateString,
  endOfBusinessDayExclusive,
  instantOfWallClock,
  startOfBusinessDay,
  wallClockOf,
  type WallClock,
} from "./business-time";
import type { RecurringFrequency } from "./schedule-enums";

// A recurring schedule is a series of visits, weekly (the default),
// biweekly or monthly, until recurringEndDate or open-ended.

/**
 * How far ahead a series has its visits as rows (docs/product-rules.md#recurring-plans-and-visits):
 * a little over a year, so the longest read (a year of portal history ahead, a 366-day range, a
 * booking 12 months out) finds its rows. A daily job adds each visit as the window reaches it.
 */
export const SERIES_HORIZON_DAYS = 400;

/** A series starting past the horizon has no visits on the calendar until the window reaches it. */
export function startsBeyondSeriesHorizon(startDate: DateString, today: DateString): boolean {
  return startDate > addDays(today, SERIES_HORIZON_DAYS);
}

/** The day the daily job lists the visit of `date`. */
export function firstListedDay(date: DateString): DateString {
  return addDays(date, -SERIES_HORIZON_DAYS);
}

export interface RecurringSeries {
  startTime: Date;
  endTime: Date;
  isRecurring: boolean;
  recurringFrequency: RecurringFrequency | null;
  recurringEndDate: Date | null;
}

export interface Occurrence {
  /** The Austin calendar date of this visit. */
  occurrenceDate: DateString;
  startTime: Date;
  endTime: Date;
  /** 0 for the series' first visit, then 1, 2, ... */
  index: number;
}

export const MAX_OCCURRENCES_PER_CALL = 1000;

const DAYS_BETWEEN_VISITS = { weekly: 7, biweekly: 14 } as const;

/**
 * Every visit of the series that overlaps [from, to). Visits keep the first visit's Austin
 * wall-clock time across DST changes and its length in minutes.
 */
export function expandOccurrences(series: RecurringSeries, range: { from: Date; to: Date }): Occurrence[] {
  const instants = [series.startTime, series.endTime, range.from, range.to];
  if (instants.some((instant) => Number.isNaN(instant.getTime()))) return [];
  const durationMs = Math.max(0, series.endTime.getTime() - series.startTime.getTime());
  const firstStart = wallClockOf(series.startTime);
  const frequency = series.isRecurring ? series.recurringFrequency : null;

  const visit = (index: number): Occurrence => {
    const start = nthStart(firstStart, frequency, index);
    return {
      occurrenceDate: businessDateOf(start),
      startTime: start,
      endTime: new Date(start.getTime() + durationMs),
      index,
    };
  };

  const first = visit(0);
  if (frequency === null) return overlaps(first, range) ? [first] : [];

  // The series' own first visit always counts, even if the end date was set before it.
  const lastDate = series.recurringEndDate ? businessDateOf(series.recurringEndDate) : null;
  const occurrences: Occurrence[] = [];
  for (let index = firstIndexNear(firstStart, frequency, durationMs, range.from); ; index++) {
    const occurrence = visit(index);
    if (occurrence.startTime >= range.to) break;
    if (index > 0 && lastDate !== null && occurrence.occurrenceDate > lastDate) break;
    if (overlaps(occurrence, range)) occurrences.push(occurrence);
    if (occurrences.length >= MAX_OCCURRENCES_PER_CALL) break;
  }
  return occurrences;
}

/** The series' visit on that Austin date, or null. */
export function occurrenceOnDate(series: RecurringSeries, date: DateString): Occurrence | null {
  const range = { from: startOfBusinessDay(date), to: endOfBusinessDayExclusive(date) };
  return expandOccurrences(series, range).find((occurrence) => occurrence.occurrenceDate === date) ?? null;
}

function nthStart(first: WallClock, frequency: RecurringFrequency | null, index: number): Date {
  if (frequency === null || index === 0) return instantOfWallClock(first.year, first.month, first.day, first.msOfDay);
  if (frequency === "monthly") {
    // Always counted from the first visit, so Jan 31 gives Feb 28 then Mar 31, not Mar 28.
    const monthIndex = first.month - 1 + index;
    const year = first.year + Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return instantOfWallClock(year, month, Math.min(first.day, lastDay), first.msOfDay);
  }
  return instantOfWallClock(first.year, first.month, first.day + index * DAYS_BETWEEN_VISITS[frequency], first.msOfDay);
}

/**
 * An index at or a little before the first visit that can overlap `from`, so a range years after
 * the series start costs no more than one near it.
 */
function firstIndexNear(first: WallClock, frequency: RecurringFrequency, durationMs: number, from: Date): number {
  const earliest = wallClockOf(new Date(from.getTime() - durationMs));
  const steps =
    frequency === "monthly"
      ? (earliest.year - first.year) * 12 + (earliest.month - first.month)
      : Math.floor(
          (Date.UTC(earliest.year, earliest.month - 1, earliest.day) - Date.UTC(first.year, first.month - 1, first.day)) /
            86_400_000 /
            DAYS_BETWEEN_VISITS[frequency],
        );
  return Math.max(0, steps - 1);
}

function overlaps(occurrence: Occurrence, range: { from: Date; to: Date }): boolean {
  if (occurrence.startTime >= range.to) return false;
  // A zero-length visit still belongs to the range it starts in.
  return occurrence.endTime > range.from || occurrence.startTime >= range.from;
}
