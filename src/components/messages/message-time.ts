import { addDays, businessDateOf, businessToday, formatBusinessDate } from "@/lib/business-time";

// Both labels count days in Austin time, whatever the browser's zone.

/** In a conversation: h:mm a for today's messages; older ones also name the day (MMM d, h:mm a). */
export function messageTimeLabel(timestamp: Date, now = new Date()): string {
  const sameDay = businessDateOf(timestamp) === businessToday(now);
  return sameDay ? formatBusinessDate(timestamp, "h:mm a") : formatBusinessDate(timestamp, "MMM d, h:mm a");
}

/** In the dashboard's recent messages: h:mm a today, 'Yesterday' for yesterday, otherwise MMM d. */
export function recentMessageTimeLabel(timestamp: Date, now = new Date()): string {
  const day = businessDateOf(timestamp);
  const today = businessToday(now);
  if (day === today) return formatBusinessDate(timestamp, "h:mm a");
  if (day === addDays(today, -1)) return "Yesterday";
  return formatBusinessDate(timestamp, "MMM d");
}
