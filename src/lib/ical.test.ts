import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildCalendar } from "./ical";

describe("iCalendar writer", () => {
  it("writes events a real parser reads back exactly, with escaping and long-line folding", () => {
    const start = new Date("2026-06-03T14:00:00Z");
    const text = buildCalendar({
      name: "GreenScape Austin visits",
      refreshMinutes: 60,
      events: [
        {
          uid: "visit-12@greenscape",
          start,
          end: new Date("2026-06-03T15:30:00Z"),
          summary: "Lawn Mowing; front & back, “extra” care",
          location: "12 Oak St, Austin, TX 78704",
          description: `Gate code 1234\nBeware of the dog — ${"é".repeat(60)}`,
          status: "CONFIRMED",
        },
      ],
    });
    expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("GreenScape Austin visits");
    const [vevent] = calendar.getAllSubcomponents("vevent");
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe("visit-12@greenscape");
    expect(event.summary).toBe("Lawn Mowing; front & back, “extra” care");
    expect(event.location).toBe("12 Oak St, Austin, TX 78704");
    expect(event.description).toBe(`Gate code 1234\nBeware of the dog — ${"é".repeat(60)}`);
    expect(event.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-06-03T15:30:00.000Z");
    expect(vevent!.getFirstPropertyValue("status")).toBe("CONFIRMED");
  });
});
