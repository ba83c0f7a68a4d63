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

describe("iCalendar writer, hostile text (RFC 5545: no control character in a value)", () => {
  const injection = "x\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:evil\rDTSTART:20260101T000000Z\rEND:VEVENT\rBEGIN:VEVENT";
  const longUnicode = `${"Jardín ñandú 🌿🌵 ".repeat(12)}終わり`;
  const hostile = {
    uid: "visit-7\r\nBEGIN:VEVENT@greenscape",
    summary: `Mowing\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:evil ${longUnicode}`,
    location: `12 Oak St\r${injection}\n2nd line\r\n3rd line`,
    description: `Gate\u0000 code\u000b 1234\u007f;\ttab, back\\slash\r\n${injection}\n${longUnicode}`,
    url: "https://example.com/schedule\r\nBEGIN:VEVENT\rX:1\u0000",
  };
  // What a reader sees: every line break one "\n", a tab a space, other controls gone.
  const visible = (text: string) =>
    text
      .replace(/\r\n|\r|\n/g, "\n")
      .replace(/\t/g, " ")
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "");

  function calendarOf(events: number) {
    return buildCalendar({
      name: "Visits\r\nBEGIN:VEVENT",
      events: Array.from({ length: events }, (_, index) => ({
        ...hostile,
        uid: `${hostile.uid}-${index}`,
        start: new Date(Date.UTC(2026, 5, 3 + index, 14)),
        end: new Date(Date.UTC(2026, 5, 3 + index, 15)),
        status: "CONFIRMED" as const,
      })),
    });
  }

  it("writes no control character but the CRLF that ends each line, every line at most 75 octets", () => {
    const text = calendarOf(3);
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.slice(0, -2).split("\r\n");
    for (const line of lines) {
      expect(line, JSON.stringify(line)).not.toMatch(/[\u0000-\u001f\u007f]/);
      expect(new TextEncoder().encode(line).length, line).toBeLessThanOrEqual(75);
    }
    // Only the writer's own lines begin components.
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(3);
    expect(lines.filter((line) => line === "END:VEVENT")).toHaveLength(3);
    expect(lines.filter((line) => line.startsWith("BEGIN:"))).toHaveLength(4);
  });

  it("gives a real parser exactly one event per visit, read back as the visible text", () => {
    const text = calendarOf(3);
    // ical.js breaks lines at LF; some calendar apps at a bare CR too: both must see three events.
    for (const reading of [text, text.replace(/\r\n|\r|\n/g, "\r\n")]) {
      const calendar = new ICAL.Component(ICAL.parse(reading));
      // An X- property's value is read as written (ical.js does not unescape unknown properties).
      expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Visits\\nBEGIN:VEVENT");
      const vevents = calendar.getAllSubcomponents("vevent");
      expect(vevents).toHaveLength(3);
      vevents.forEach((vevent, index) => {
        const event = new ICAL.Event(vevent);
        expect(event.uid).toBe(visible(`${hostile.uid}-${index}`));
        expect(event.summary).toBe(visible(hostile.summary));
        expect(event.location).toBe(visible(hostile.location));
        expect(event.description).toBe(visible(hostile.description));
        expect(vevent.getFirstPropertyValue("url")).toBe("https://example.com/scheduleBEGIN:VEVENTX:1");
        expect(event.startDate.toJSDate().toISOString()).toBe(new Date(Date.UTC(2026, 5, 3 + index, 14)).toISOString());
        expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");
        expect(
          vevent
            .getAllProperties()
            .map((property) => property.name)
            .sort(),
        ).toEqual(["description", "dtend", "dtstamp", "dtstart", "location", "status", "summary", "uid", "url"]);
      });
    }
  });
});
