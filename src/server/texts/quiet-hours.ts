import { instantOfWallClock, wallClockOf } from "@/lib/business-time";

const HOUR = 3_600_000;
/** No text before 8 AM or from 9 PM, Austin time. */
export const QUIET_UNTIL_HOUR = 8;
export const QUIET_FROM_HOUR = 21;

/** Whether `at` falls in the quiet hours, 9 PM to 8 AM Austin time. */
export function inQuietHours(at: Date): boolean {
  const hour = wallClockOf(at).msOfDay / HOUR;
  return hour < QUIET_UNTIL_HOUR || hour >= QUIET_FROM_HOUR;
}

/** The earliest moment from `at` a text may go: `at` itself, or the next 8 AM in Austin. */
export function nextSendableTime(at: Date): Date {
  if (!inQuietHours(at)) return at;
  const { year, month, day, msOfDay } = wallClockOf(at);
  const nextDay = msOfDay >= QUIET_FROM_HOUR * HOUR ? day + 1 : day;
  return instantOfWallClock(year, month, nextDay, QUIET_UNTIL_HOUR * HOUR);
}
