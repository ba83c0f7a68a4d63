import { describe, expect, it } from "vitest";
import { businessInstant } from "./business-time";
import { bucketStarts, daysIn, periodPresets, readReportAddress, REPORT_PERIOD_MESSAGES, yearBefore, yearBeforeDay } from "./reports";

const now = businessInstant("2026-11-27", "10:00");

describe("report periods", () => {
  it("compares with the same days a year before, 29 February becoming the 28th", () => {
    expect(yearBefore({ from: "2026-11-01", to: "2026-11-27" })).toEqual({ from: "2025-11-01", to: "2025-11-27" });
    expect(yearBeforeDay("2028-02-29")).toBe("2027-02-28");
    expect(daysIn({ from: "2026-11-01", to: "2026-11-01" })).toBe(1);
    expect(daysIn({ from: "2028-01-01", to: "2028-12-31" })).toBe(366);
  });

  it("lists every bucket the period touches: days, Monday weeks, months", () => {
    expect(bucketStarts({ from: "2026-11-27", to: "2026-11-29" }, "day")).toEqual(["2026-11-27", "2026-11-28", "2026-11-29"]);
    // Friday 27 November 2026 is in the week of Monday the 23rd.
    expect(bucketStarts({ from: "2026-11-27", to: "2026-12-07" }, "week")).toEqual(["2026-11-23", "2026-11-30", "2026-12-07"]);
    expect(bucketStarts({ from: "2026-01-31", to: "2026-03-01" }, "month")).toEqual(["2026-01-01", "2026-02-01", "2026-03-01"]);
  });

  it("reads the page's address, falling back to the month so far with the reason", () => {
    expect(readReportAddress({}, now)).toEqual({
      report: "revenue",
      period: { from: "2026-11-01", to: "2026-11-27" },
      by: "day",
      problem: undefined,
    });
    expect(readReportAddress({ report: "work", from: "2026-01-01", to: "2026-06-30", by: "month" }, now)).toMatchObject({
      report: "work",
      period: { from: "2026-01-01", to: "2026-06-30" },
      by: "month",
    });
    expect(readReportAddress({ from: "2026-01-01", to: "2026-06-30" }, now).by).toBe("month");
    expect(readReportAddress({ report: "nope", from: "2026-02-30" }, now)).toMatchObject({
      report: "revenue",
      problem: REPORT_PERIOD_MESSAGES.from,
    });
    expect(readReportAddress({ from: "2026-05-01", to: "2026-04-01" }, now)).toMatchObject({
      period: { from: "2026-11-01", to: "2026-11-27" },
      problem: REPORT_PERIOD_MESSAGES.order,
    });
    expect(readReportAddress({ from: "2024-01-01", to: "2026-01-01" }, now).problem).toBe(REPORT_PERIOD_MESSAGES.length);
  });

  it("offers this month, last month, the year so far and the last 12 months", () => {
    expect(periodPresets(now).map((preset) => [preset.label, preset.period.from, preset.period.to])).toEqual([
      ["This month", "2026-11-01", "2026-11-27"],
      ["Last month", "2026-10-01", "2026-10-31"],
      ["Year to date", "2026-01-01", "2026-11-27"],
      ["Last 12 months", "2025-11-28", "2026-11-27"],
    ]);
  });
});
