import { describe, expect, it } from "vitest";
import {
  addDays,
  businessDateOf,
  businessInstant,
  businessTimeOf,
  businessToday,
  clampToMonth,
  endOfBusinessDayExclusive,
  formatBusinessDate,
  isDateString,
  monthRange,
  startOfBusinessDay,
  weekRange,
} from "./business-time";
import { earliestBookableDate, isBookableDate, isValidTimeSlot, slotLabel, slotsForDate, TIME_SLOTS } from "./slots";

/**
 * The business-time and slot rules, run by several test files that each pin a different process
 * zone: the answers must not depend on it (docs/product-rules.md#booking-and-slots).
 */
export function describeTimeRules(processZone: string, offsetAtEpochMinutes: number) {
  describe(`with the process in ${processZone}`, () => {
    it("really runs in that zone", () => {
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(processZone);
      expect(new Date(0).getTimezoneOffset()).toBe(offsetAtEpochMinutes);
    });

    describeBusinessTime();
    describeSlots();
  });
}

function describeBusinessTime() {
  describe("business time", () => {
    it.each([
      ["2026-03-08T05:59:00Z", "2026-03-07", "23:59"],
      ["2026-03-08T06:00:00Z", "2026-03-08", "00:00"],
      ["2026-07-01T14:30:00Z", "2026-07-01", "09:30"],
      ["2026-11-01T06:30:00Z", "2026-11-01", "01:30"],
      ["2026-11-01T07:30:00Z", "2026-11-01", "01:30"],
      ["2027-01-01T05:30:00Z", "2026-12-31", "23:30"],
    ])("reads %s as %s %s in Austin", (iso, date, time) => {
      expect(businessDateOf(new Date(iso))).toBe(date);
      expect(businessTimeOf(new Date(iso))).toBe(time);
      expect(businessToday(new Date(iso))).toBe(date);
    });

    it.each([
      ["2026-03-07", "09:00", "2026-03-07T15:00:00.000Z"],
      ["2026-03-08", "09:00", "2026-03-08T14:00:00.000Z"],
      ["2026-03-08", "00:00", "2026-03-08T06:00:00.000Z"],
      ["2026-10-31", "17:00", "2026-10-31T22:00:00.000Z"],
      ["2026-11-01", "09:00", "2026-11-01T15:00:00.000Z"],
      ["2026-12-31", "23:59", "2027-01-01T05:59:00.000Z"],
    ])("places %s %s in Austin at %s", (date, time, iso) => {
      expect(businessInstant(date, time).toISOString()).toBe(iso);
    });

    it("refuses malformed dates and times", () => {
      expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
      expect(() => weekRange("06/10/2026")).toThrow(RangeError);
      expect(() => businessInstant("2026-02-30", "09:00")).toThrow(RangeError);
      expect(() => businessInstant("2026-03-08", "9am")).toThrow(RangeError);
    });

    it("gives 23- and 25-hour business days on DST changes", () => {
      expect(startOfBusinessDay("2026-03-08").toISOString()).toBe("2026-03-08T06:00:00.000Z");
      expect(endOfBusinessDayExclusive("2026-03-08").toISOString()).toBe("2026-03-09T05:00:00.000Z");
      expect(startOfBusinessDay("2026-11-01").toISOString()).toBe("2026-11-01T05:00:00.000Z");
      expect(endOfBusinessDayExclusive("2026-11-01").toISOString()).toBe("2026-11-02T06:00:00.000Z");
    });

    it.each([
      ["2026-03-07", 1, "2026-03-08"],
      ["2026-03-08", 1, "2026-03-09"],
      ["2026-11-01", 1, "2026-11-02"],
      ["2026-12-31", 1, "2027-01-01"],
      ["2026-03-01", -1, "2026-02-28"],
      ["2028-02-28", 1, "2028-02-29"],
      ["2026-01-15", 0, "2026-01-15"],
      ["2026-01-01", 365, "2027-01-01"],
    ])("adds to %s %i days: %s", (date, days, expected) => {
      expect(addDays(date, days)).toBe(expected);
    });

    it.each(["2026-02-28", "2028-02-29", "2026-12-31", "2026-03-08"])("accepts %s as a date", (value) => {
      expect(isDateString(value)).toBe(true);
    });

    it.each(["2026-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-1-01", "2026-01-01T00:00", "", "abcd-ef-gh", " 2026-01-01"])(
      "refuses %j as a date",
      (value) => {
        expect(isDateString(value)).toBe(false);
      },
    );

    it.each([
      ["2027-04-31", "2027-04-30"],
      ["2027-02-31", "2027-02-28"],
      ["2028-02-30", "2028-02-29"],
      ["2027-01-31", "2027-01-31"],
      ["2027-04-01", "2027-04-01"],
    ])("clamps %s to %s", (value, expected) => {
      expect(clampToMonth(value)).toBe(expected);
    });

    it.each(["2027-13-01", "2027-00-01", "2027-04-00", "2027-04-32", "2027-4-1", "abc", "2027-0a-01", ""])(
      "clampToMonth refuses %j",
      (value) => {
        expect(clampToMonth(value)).toBeNull();
      },
    );

    it.each([
      ["2026-03-11", "2026-03-09", "2026-03-15"],
      ["2026-03-09", "2026-03-09", "2026-03-15"],
      ["2026-03-15", "2026-03-09", "2026-03-15"],
      ["2026-03-08", "2026-03-02", "2026-03-08"],
      ["2027-01-01", "2026-12-28", "2027-01-03"],
    ])("puts %s in the Monday-Sunday week %s..%s", (date, start, end) => {
      expect(weekRange(date)).toEqual({ start, end });
    });

    it.each([
      ["2026-02-14", "2026-02-01", "2026-02-28"],
      ["2028-02-10", "2028-02-01", "2028-02-29"],
      ["2026-11-01", "2026-11-01", "2026-11-30"],
      ["2026-12-31", "2026-12-01", "2026-12-31"],
    ])("puts %s in the month %s..%s", (date, start, end) => {
      expect(monthRange(date)).toEqual({ start, end });
    });

    it("formats on Austin clocks", () => {
      const sundayNineAm = new Date("2026-03-08T14:00:00Z");
      expect(formatBusinessDate(sundayNineAm, "EEEE, MMMM d, yyyy")).toBe("Sunday, March 8, 2026");
      expect(formatBusinessDate(sundayNineAm, "h:mm a")).toBe("9:00 AM");
      const lateSunday = new Date("2026-03-09T04:30:00Z");
      expect(formatBusinessDate(lateSunday, "EEEE, MMMM d, yyyy")).toBe("Sunday, March 8, 2026");
      expect(formatBusinessDate(lateSunday, "h:mm a")).toBe("11:30 PM");
    });
  });
}

function describeSlots() {
  describe("time slots", () => {
    it("runs hourly from 9:00 to 17:00 inclusive", () => {
      expect(TIME_SLOTS).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"]);
    });

    it("offers every slot on a future date and none on a past or malformed one", () => {
      const now = businessInstant("2026-06-10", "12:00");
      expect(slotsForDate("2026-06-11", now)).toEqual([...TIME_SLOTS]);
      expect(slotsForDate("2026-06-09", now)).toEqual([]);
      expect(slotsForDate("2026-06-31", now)).toEqual([]);
      expect(slotsForDate("tomorrow", now)).toEqual([]);
    });

    it.each([
      ["06:00", "09:00", 9],
      ["07:00", "09:00", 9],
      ["07:59", "09:00", 9],
      ["08:00", "10:00", 8],
      ["10:45", "12:00", 6],
      ["15:00", "17:00", 1],
      ["15:59", "17:00", 1],
    ])("today at %s Austin starts at %s (%i slots)", (clock, first, count) => {
      const slots = slotsForDate("2026-06-10", businessInstant("2026-06-10", clock));
      expect(slots[0]).toBe(first);
      expect(slots).toHaveLength(count);
    });

    it("offers nothing today from 16:00 Austin", () => {
      expect(slotsForDate("2026-06-10", businessInstant("2026-06-10", "16:00"))).toEqual([]);
    });

    it("reads the hour on Austin clocks on the spring-forward day", () => {
      // 01:30 CST, then 08:00 CDT (13:00 UTC, 22:00 in Tokyo).
      expect(slotsForDate("2026-03-08", new Date("2026-03-08T07:30:00Z"))).toHaveLength(9);
      expect(slotsForDate("2026-03-08", new Date("2026-03-08T13:00:00Z"))[0]).toBe("10:00");
    });

    it("reads the hour on Austin clocks on the fall-back day", () => {
      // The first 01:30 (CDT), then 08:00 CST (14:00 UTC).
      expect(slotsForDate("2026-11-01", new Date("2026-11-01T06:30:00Z"))).toHaveLength(9);
      expect(slotsForDate("2026-11-01", new Date("2026-11-01T14:00:00Z"))[0]).toBe("10:00");
    });

    it("still treats 23:30 Austin as the same day though UTC and Tokyo are on the next", () => {
      const now = new Date("2026-06-11T04:30:00Z");
      expect(slotsForDate("2026-06-10", now)).toEqual([]);
      expect(slotsForDate("2026-06-11", now)).toEqual([...TIME_SLOTS]);
      expect(earliestBookableDate(now)).toBe("2026-06-11");
      expect(isBookableDate("2026-06-11", now)).toBe(true);
      expect(isBookableDate("2026-06-10", now)).toBe(false);
    });

    it("moves to the next day at Austin midnight", () => {
      const now = new Date("2026-06-11T05:30:00Z");
      expect(slotsForDate("2026-06-11", now)).toEqual([...TIME_SLOTS]);
      expect(slotsForDate("2026-06-10", now)).toEqual([]);
      expect(earliestBookableDate(now)).toBe("2026-06-12");
      expect(isBookableDate("2026-06-11", now)).toBe(false);
      expect(isBookableDate("2026-06-12", now)).toBe(true);
    });

    it("makes tomorrow the earliest date across year ends and DST changes", () => {
      expect(earliestBookableDate(new Date("2027-01-01T05:00:00Z"))).toBe("2027-01-01");
      expect(earliestBookableDate(new Date("2026-03-08T12:00:00Z"))).toBe("2026-03-09");
      expect(isBookableDate("2027-02-29", new Date("2026-06-01T12:00:00Z"))).toBe(false);
      expect(isBookableDate("not a date", new Date("2026-06-01T12:00:00Z"))).toBe(false);
    });

    it.each([
      ["09:00", true],
      ["17:00", true],
      ["13:00", true],
      ["08:00", false],
      ["18:00", false],
      ["9:00", false],
      ["09:30", false],
      ["", false],
    ])("isValidTimeSlot(%j) is %s", (slot, valid) => {
      expect(isValidTimeSlot(slot)).toBe(valid);
    });

    it.each([
      ["09:00", "9:00 AM"],
      ["12:00", "12:00 PM"],
      ["13:00", "1:00 PM"],
      ["17:00", "5:00 PM"],
    ])("labels %s as %s", (slot, label) => {
      expect(slotLabel(slot)).toBe(label);
    });

    it("refuses to label a non-time", () => {
      expect(() => slotLabel("noon")).toThrow(RangeError);
    });
  });
}
