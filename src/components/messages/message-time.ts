import { formatBusinessDate } from "@/lib/business-time";

/** Spec 9: message times read h:mm a; older messages also say the day (Austin time). */
export function messageTimeLabel(timestamp: Date, now = new Date()): string {
  const sameDay = formatBusinessDate(timestamp, "yyyy-MM-dd") === formatBusinessDate(now, "yyyy-MM-dd");
  return sameDay ? formatBusinessDate(timestamp, "h:mm a") : formatBusinessDate(timestamp, "MMM d, h:mm a");
}
