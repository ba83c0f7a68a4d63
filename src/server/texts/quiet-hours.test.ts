import { describe, expect, it } from "vitest";
import { inQuietHours, nextSendableTime } from "./quiet-hours";

const NIGHT = { quietFrom: "21:00", quietUntil: "08:00" };

describe("quiet hours, Austin time", () => {
  it("hold a text from 9 PM until 8 AM the next morning", () => {
    const tenPm = new Date("2026-11-25T04:00:00Z"); // Tuesday 10 PM in Austin (CST)
    expect(inQuietHours(tenPm, NIGHT)).toBe(true);
    expect(nextSendableTime(tenPm, NIGHT).toISOString()).toBe("2026-11-25T14:00:00.000Z");
  });

  it("hold a text sent before 8 AM until 8 AM the same day", () => {
    const sixAm = new Date("2026-11-25T12:00:00Z");
    expect(nextSendableTime(sixAm, NIGHT).toISOString()).toBe("2026-11-25T14:00:00.000Z");
  });

  it("let a text go at once from 8 AM and until 9 PM", () => {
    for (const at of ["2026-11-25T14:00:00Z", "2026-11-26T02:59:00Z"]) {
      expect(inQuietHours(new Date(at), NIGHT)).toBe(false);
      expect(nextSendableTime(new Date(at), NIGHT).toISOString()).toBe(new Date(at).toISOString());
    }
    expect(inQuietHours(new Date("2026-11-26T03:00:00Z"), NIGHT)).toBe(true);
  });

  it("follow daylight time: 8 AM in July is 13:00 UTC", () => {
    expect(nextSendableTime(new Date("2026-07-15T06:00:00Z"), NIGHT).toISOString()).toBe("2026-07-15T13:00:00.000Z");
  });

  it("take a window the owner chose inside one day", () => {
    const lunch = { quietFrom: "12:00", quietUntil: "13:30" };
    const noon = new Date("2026-11-25T18:15:00Z"); // 12:15 PM
    expect(inQuietHours(noon, lunch)).toBe(true);
    expect(nextSendableTime(noon, lunch).toISOString()).toBe("2026-11-25T19:30:00.000Z");
    expect(inQuietHours(new Date("2026-11-25T20:00:00Z"), lunch)).toBe(false);
  });
});
