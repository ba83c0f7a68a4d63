import { addDays, businessDateOf, businessToday, formatBusinessDate } from "@/lib/business-time";

/** Spec 2, Dashboard: h:mm a today, 'Yesterday' for yesterday, otherwise MMM d (Austin days). */
export function messageTimeLabel(timestamp: Date, now: Date = new Date()): string {
  const day = businessDateOf(timestamp);
  const today = businessToday(now);
  if (day === today) return formatBusinessDate(timestamp, "h:mm a");
  if (day === addDays(today, -1)) return "Yesterday";
  return formatBusinessDate(timestamp, "MMM d");
}
