import { describe, expect, it } from "vitest";
import { businessInstant, businessTimeOf, startOfBusinessDay } from "./business-time";
import { expandOccurrences, occurrenceOnDate, type RecurringSeries } from "./recurrence";
import { RECURRING_FREQUENCIES, type RecurringFrequency } from "@/lib/schedule-enums";

function series(
  date: string,
  startTime: string,
  endTime: string,
  frequency: RecurringFrequency | null,
  recurringEndDate: Date | null = null,
): RecurringSeries {
  return {
    startTime: businessInstant(date, startTime),
    endTime: businessInstant(date, endTime),
    isRecurring: frequency !== null,
    recurringFrequency: frequency,
    recurringEndDate,
  };
}

function range(fromDate: string, toDate: string) {
  return { from: startOfBusinessDay(fromDate), to: startOfBusinessDay(toDate) };
}

const datesOf = (occurrences: { occurrenceDate: string }[]) => occurrences.map((o) => o.occurrenceDate);

describe("RECURRING_FREQUENCIES", () => {
  it("lists the weekly, biweekly and monthly frequencies", () => {
    expect(RECURRING_FREQUENCIES).toEqual(["weekly", "biweekly", "monthly"]);
  });
});

describe("expandOccurrences for a one-time schedule", () => {
  const oneTime = series("2026-06-10", "09:00", "10:00", null);

  it("yields the single visit when it overlaps the range", () => {
    expect(expandOccurrences(oneTime, range("2026-06-01", "2026-07-01"))).toEqual([
      { occurrenceDate: "2026-06-10", startTime: oneTime.startTime, endTime: oneTime.endTime, index: 0 },
    ]);
  });

  it("yields nothing outside the range", () => {
    expect(expandOccurrences(oneTime, range("2026-06-11", "2026-07-01"))).toEqual([]);
    expect(expandOccurrences(oneTime, range("2026-06-01", "2026-06-10"))).toEqual([]);
  });

  it("ignores a frequency when the schedule is not recurring", () => {
    const flagged = { ...oneTime, recurringFrequency: "weekly" as const };
    expect(datesOf(expandOccurrences(flagged, range("2026-06-01", "2026-07-01")))).toEqual(["2026-06-10"]);
  });

  it("treats a recurring flag without a frequency as one visit", () => {
    const incomplete = { ...oneTime, isRecurring: true };
    expect(datesOf(expandOccurrences(incomplete, range("2026-06-01", "2026-07-01")))).toEqual(["2026-06-10"]);
  });
});

describe("expandOccurrences for a recurring schedule", () => {
  it("repeats weekly at 9:00 Austin time across spring-forward", () => {
    const weekly = series("2026-03-01", "09:00", "10:30", "weekly");
    const visits = expandOccurrences(weekly, range("2026-02-01", "2026-04-01"));
    expect(datesOf(visits)).toEqual(["2026-03-01", "2026-03-08", "2026-03-15", "2026-03-22", "2026-03-29"]);
    expect(visits.map((v) => v.startTime.toISOString())).toEqual([
      "2026-03-01T15:00:00.000Z",
      "2026-03-08T14:00:00.000Z",
      "2026-03-15T14:00:00.000Z",
      "2026-03-22T14:00:00.000Z",
      "2026-03-29T14:00:00.000Z",
    ]);
    for (const visit of visits) {
      expect(businessTimeOf(visit.endTime)).toBe("10:30");
    }
    expect(visits.map((v) => v.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it("keeps 9:00 Austin time across fall-back", () => {
    const weekly = series("2026-10-25", "09:00", "10:00", "weekly");
    const [, afterFallBack] = expandOccurrences(weekly, range("2026-10-25", "2026-11-02"));
    expect(afterFallBack?.occurrenceDate).toBe("2026-11-01");
    expect(afterFallBack?.startTime.toISOString()).toBe("2026-11-01T15:00:00.000Z");
  });

  it("repeats biweekly", () => {
    const biweekly = series("2026-06-01", "13:00", "14:00", "biweekly");
    expect(datesOf(expandOccurrences(biweekly, range("2026-06-01", "2026-08-01")))).toEqual([
      "2026-06-01",
      "2026-06-15",
      "2026-06-29",
      "2026-07-13",
      "2026-07-27",
    ]);
  });

  it("repeats monthly on the same day, clamped to short months and counted from the start", () => {
    const monthly = series("2026-01-31", "10:00", "11:00", "monthly");
    const visits = expandOccurrences(monthly, range("2026-01-01", "2026-06-01"));
    expect(datesOf(visits)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]);
    for (const visit of visits) expect(businessTimeOf(visit.startTime)).toBe("10:00");
  });

  it("lands on February 29 in a leap year", () => {
    const monthly = series("2028-01-30", "09:00", "10:00", "monthly");
    expect(datesOf(expandOccurrences(monthly, range("2028-02-01", "2028-04-01")))).toEqual(["2028-02-29", "2028-03-30"]);
  });

  it("includes the end date's visit and stops after it", () => {
    const endDate = startOfBusinessDay("2026-06-15");
    const weekly = series("2026-06-01", "09:00", "10:00", "weekly", endDate);
    expect(datesOf(expandOccurrences(weekly, range("2026-05-01", "2026-08-01")))).toEqual(["2026-06-01", "2026-06-08", "2026-06-15"]);
  });

  it("reads the end date on Austin's calendar, not UTC's", () => {
    // 23:30 in Austin on June 14 is already June 15 in UTC.
    const lateOnFourteenth = businessInstant("2026-06-14", "23:30");
    const weekly = series("2026-06-01", "09:00", "10:00", "weekly", lateOnFourteenth);
    expect(datesOf(expandOccurrences(weekly, range("2026-05-01", "2026-08-01")))).toEqual(["2026-06-01", "2026-06-08"]);
  });

  it("keeps the first visit even when the end date precedes it", () => {
    const weekly = series("2026-06-01", "09:00", "10:00", "weekly", startOfBusinessDay("2026-05-01"));
    expect(datesOf(expandOccurrences(weekly, range("2026-05-01", "2026-08-01")))).toEqual(["2026-06-01"]);
  });

  it("runs on without an end date", () => {
    const weekly = series("2026-01-05", "09:00", "10:00", "weekly");
    const visits = expandOccurrences(weekly, range("2036-01-01", "2036-01-15"));
    expect(datesOf(visits)).toEqual(["2036-01-07", "2036-01-14"]);
    expect(visits[0]?.index).toBe(522);
  });

  it("jumps straight to a far range for monthly series too", () => {
    const monthly = series("2026-01-31", "09:00", "10:00", "monthly");
    const visits = expandOccurrences(monthly, range("2030-02-01", "2030-04-01"));
    expect(datesOf(visits)).toEqual(["2030-02-28", "2030-03-31"]);
    expect(visits.map((v) => v.index)).toEqual([49, 50]);
  });

  it("yields nothing for a range before the series starts", () => {
    const weekly = series("2026-06-01", "09:00", "10:00", "weekly");
    expect(expandOccurrences(weekly, range("2026-01-01", "2026-06-01"))).toEqual([]);
  });

  it("stops at 1000 visits", () => {
    const weekly = series("2026-01-05", "09:00", "10:00", "weekly");
    const visits = expandOccurrences(weekly, range("2026-01-01", "2100-01-01"));
    expect(visits).toHaveLength(1000);
    expect(visits[999]?.index).toBe(999);
  });
});

describe("range boundaries", () => {
  const weekly = series("2026-06-01", "09:00", "10:00", "weekly");
  const start = businessInstant("2026-06-08", "09:00");
  const end = businessInstant("2026-06-08", "10:00");

  it("excludes a visit starting exactly at the range's end", () => {
    expect(datesOf(expandOccurrences(weekly, { from: startOfBusinessDay("2026-06-05"), to: start }))).toEqual([]);
  });

  it("excludes a visit ending exactly at the range's start", () => {
    expect(datesOf(expandOccurrences(weekly, { from: end, to: startOfBusinessDay("2026-06-10") }))).toEqual([]);
  });

  it("includes a visit the range cuts through", () => {
    const midVisit = new Date(start.getTime() + 30 * 60_000);
    expect(datesOf(expandOccurrences(weekly, { from: midVisit, to: startOfBusinessDay("2026-06-10") }))).toEqual(["2026-06-08"]);
    expect(datesOf(expandOccurrences(weekly, { from: new Date(end.getTime() - 1), to: end }))).toEqual(["2026-06-08"]);
  });

  it("includes a zero-length visit at the range's start", () => {
    const instantVisit = series("2026-06-01", "09:00", "09:00", "weekly");
    expect(datesOf(expandOccurrences(instantVisit, { from: start, to: end }))).toEqual(["2026-06-08"]);
  });

  it("yields nothing for invalid dates", () => {
    expect(expandOccurrences(weekly, { from: new Date(Number.NaN), to: end })).toEqual([]);
  });
});

describe("occurrenceOnDate", () => {
  const weekly = series("2026-03-01", "09:00", "10:00", "weekly", startOfBusinessDay("2026-03-29"));

  it("finds the visit on a series date, DST day included", () => {
    expect(occurrenceOnDate(weekly, "2026-03-08")).toEqual({
      occurrenceDate: "2026-03-08",
      startTime: new Date("2026-03-08T14:00:00.000Z"),
      endTime: new Date("2026-03-08T15:00:00.000Z"),
      index: 1,
    });
  });

  it("returns null off the series", () => {
    expect(occurrenceOnDate(weekly, "2026-03-09")).toBeNull();
    expect(occurrenceOnDate(weekly, "2026-02-22")).toBeNull();
    expect(occurrenceOnDate(weekly, "2026-04-05")).toBeNull();
  });

  it("finds the one visit of a one-time schedule", () => {
    const oneTime = series("2026-06-10", "16:00", "17:30", null);
    expect(occurrenceOnDate(oneTime, "2026-06-10")?.index).toBe(0);
    expect(occurrenceOnDate(oneTime, "2026-06-11")).toBeNull();
  });

  it("ignores a late visit spilling into the next day", () => {
    const lateVisit = series("2026-06-10", "23:00", "23:59", null);
    const spilling = { ...lateVisit, endTime: new Date(lateVisit.endTime.getTime() + 2 * 3_600_000) };
    expect(occurrenceOnDate(spilling, "2026-06-11")).toBeNull();
    expect(occurrenceOnDate(spilling, "2026-06-10")?.occurrenceDate).toBe("2026-06-10");
  });
});
