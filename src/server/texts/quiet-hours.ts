import { instantOfWallClock, wallClockOf } from "@/lib/business-time";

const MINUTE = 60_000;

/** The quiet hours as Settings → Texts keeps them: HH:mm, Austin time. */
export interface QuietHours {
  quietFrom: string;
  quietUntil: string;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether `at` falls in the quiet hours (a window may run past midnight, as 21:00 to 08:00 does). */
export function inQuietHours(at: Date, quiet: QuietHours): boolean {
  const now = wallClockOf(at).msOfDay / MINUTE;
  const from = minutesOf(quiet.quietFrom);
  const until = minutesOf(quiet.quietUntil);
  return from < until ? now >= from && now < until : now >= from || now < until;
}

/** The earliest moment from `at` a text may go: `at` itself, or the end of the quiet hours in Austin. */
export function nextSendableTime(at: Date, quiet: QuietHours): Date {
  if (!inQuietHours(at, quiet)) return at;
  const { year, month, day, msOfDay } = wallClockOf(at);
  const until = minutesOf(quiet.quietUntil);
  const nextDay = msOfDay / MINUTE >= until ? day + 1 : day;
  return instantOfWallClock(year, month, nextDay, until * MINUTE);
}
