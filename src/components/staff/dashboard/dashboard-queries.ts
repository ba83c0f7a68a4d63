import { businessToday, weekRange } from "@/lib/business-time";

// The dashboard's schedule inputs, shared by the server's prefetch and the panels, so the panels
// start with the answers the page brought.

export function todaysScheduleInput(today = businessToday()) {
  return { startDate: today, endDate: today };
}

export function weekScheduleInput(today = businessToday()) {
  const week = weekRange(today);
  return { startDate: week.start, endDate: week.end };
}
