/**
 * A small iCalendar (RFC 5545) writer for visits: the private feeds and the booking's "Add to
 * calendar" file. Times are written in UTC, so every calendar shows them in its own zone.
 */
export interface CalendarEvent {
  /** Stable across updates, so a calendar replaces the event instead of adding another. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  status?: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
  /** When the event last changed: calendars keep the newest copy. */
  updatedAt?: Date;
}

export interface CalendarOptions {
  name: string;
  events: CalendarEvent[];
  /** How often subscribed calendars should fetch the feed again. */
  refreshMinutes?: number;
  now?: Date;
}

export function buildCalendar({ name, events, refreshMinutes, now = new Date() }: CalendarOptions): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//GreenScape Austin//Visits//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    ...(refreshMinutes ? [`REFRESH-INTERVAL;VALUE=DURATION:PT${refreshMinutes}M`, `X-PUBLISHED-TTL:PT${refreshMinutes}M`] : []),
  ];
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${utc(event.updatedAt ?? now)}`,
      `DTSTART:${utc(event.start)}`,
      `DTEND:${utc(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.url) lines.push(`URL:${uriValue(event.url)}`);
    if (event.status) lines.push(`STATUS:${event.status}`);
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(fold).join("\r\n") + "\r\n";
}

/** 20250603T140000Z */
function utc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped; every line break (CRLF,
 * a bare CR or a bare LF) written as the "\\n" escape, so no value can end its line and start
 * another (a bare CR is a line break to some calendar apps: "x\rEND:VEVENT\rBEGIN:VEVENT" would
 * add events); a tab becomes a space, and every other control character (C0 and DEL), which
 * TEXT may not hold, is dropped.
 */
function escapeText(text: string): string {
  return withoutControls(
    text
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\r\n|\r|\n/g, "\\n")
      .replace(/\t/g, " "),
  );
}

/** A URI value (RFC 5545 3.3.13) is not escaped as TEXT, but holds no control character either. */
function uriValue(uri: string): string {
  return withoutControls(uri);
}

function withoutControls(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, "");
}

/** Lines longer than 75 octets continue on the next line after a space, never inside a character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const character of line) {
    const bytes = encoder.encode(character).length;
    // The first line holds 75 octets; the others 74 after their leading space.
    if (size + bytes > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += character;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}
