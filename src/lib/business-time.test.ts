import { tzOffset } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { BUSINESS_TIME_ZONE, wallClockOf } from "./business-time";

describe("Austin's offset, remembered per UTC day and hour", () => {
  it("reads every hour of two years, DST changes included, as Intl does", () => {
    const HOUR = 3_600_000;
    const from = Date.UTC(2026, 0, 1);
    for (let at = from; at < from + 2 * 366 * 24 * HOUR; at += HOUR) {
      // The last minute of each hour too: a change can only fall on an hour boundary.
      for (const instant of [at, at + HOUR - 60_000]) {
        const local = new Date(instant + tzOffset(BUSINESS_TIME_ZONE, new Date(instant)) * 60_000);
        const wall = wallClockOf(new Date(instant));
        expect([wall.year, wall.month, wall.day, wall.msOfDay]).toEqual([
          local.getUTCFullYear(),
          local.getUTCMonth() + 1,
          local.getUTCDate(),
          local.getTime() % 86_400_000,
        ]);
      }
    }
  });
});
