import { TZDate } from "@date-fns/tz";
import { format, parse } from "date-fns";
import { addDays, BUSINESS_TIME_ZONE, businessToday, type DateString, isDateString } from "./business-time";

// Hourly slots 9:00-17:00 inclusive (Austin), 2 hours' lead on the same day (docs/product-rules.md#booking-and-slots).
export const TIME_SLOTS = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"] as const;

export type TimeSlot = (typeof TIME_SLOTS)[number];

/** The slots as one pattern, so the booking schema documents exactly what it accepts. */
export const TIME_SLOT_PATTERN = new RegExp(`^(?:${TIME_SLOTS.join("|")})$`);

export const SAME_DAY_LEAD_HOURS = 2;

const FIRST_SLOT_HOUR = 9;

export function isValidTimeSlot(slot: string): slot is TimeSlot {
  return (TIME_SLOTS as readonly string[]).includes(slot);
}

function slotHour(slot: TimeSlot): number {
  return Number(slot.slice(0, 2));
}

/** The slots still offered on `date` as seen at `now` (Austin clocks). */
export function slotsForDate(date: DateString, now: Date = new Date()): TimeSlot[] {
  if (!isDateString(date)) return [];
  const today = businessToday(now);
  if (date < today) return [];
  if (date > today) return [...TIME_SLOTS];
  // Today's first slot is the later of 9:00 and the current hour plus 2, the hour read on Austin clocks.
  const currentHour = new TZDate(now.getTime(), BUSINESS_TIME_ZONE).getHours();
  const firstHour = Math.max(FIRST_SLOT_HOUR, currentHour + SAME_DAY_LEAD_HOURS);
  return TIME_SLOTS.filter((slot) => slotHour(slot) >= firstHour);
}

/** The earliest selectable date is tomorrow, in Austin. */
export function earliestBookableDate(now: Date = new Date()): DateString {
  return addDays(businessToday(now), 1);
}

/** Visits are booked at most 12 months ahead: the last bookable day is today's date next year (Austin). */
export const BOOKING_HORIZON_MONTHS = 12;

export function latestBookableDate(now: Date = new Date()): DateString {
  const [year, month, day] = businessToday(now).split("-").map(Number) as [number, number, number];
  const lastDayOfMonth = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  return `${year + 1}-${String(month).padStart(2, "0")}-${String(Math.min(day, lastDayOfMonth)).padStart(2, "0")}`;
}

export function isBookableDate(date: string, now: Date = new Date()): boolean {
  return isDateString(date) && date >= earliestBookableDate(now);
}

/** "13:00" -> "1:00 PM". */
export function slotLabel(slot: string): string {
  const time = parse(slot, "HH:mm", new Date(0));
  if (Number.isNaN(time.getTime())) throw new RangeError(`Not an HH:mm time: ${slot}`);
  return format(time, "h:mm a");
}
