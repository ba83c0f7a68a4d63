import { and, count, eq, isNull } from "drizzle-orm";
import { addDays, businessToday, endOfBusinessDayExclusive, monthRange, startOfBusinessDay } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { contactInquiries, messages } from "@/server/db/schema";
import { listVisits } from "@/server/schedules/visits";

/** Open-ended series never stop, so "upcoming" looks this far ahead. */
export const UPCOMING_WINDOW_DAYS = 30;

/**
 * Spec 3, Dashboard stats, in Austin time (beyond.md 3) with every visit of a series counted
 * (beyond.md 4): pending or confirmed visits from now through the next 30 days, visits completed
 * this calendar month, customer messages no one has read, and website inquiries not yet handled
 * (beyond.md 6).
 */
export async function dashboardStats(db: Db, now: Date = new Date()) {
  const today = businessToday(now);
  const month = monthRange(today);
  const [upcoming, completed, [unread], [inquiries]] = await Promise.all([
    listVisits(db, {
      from: now,
      to: endOfBusinessDayExclusive(addDays(today, UPCOMING_WINDOW_DAYS)),
      statuses: ["pending", "confirmed"],
    }),
    listVisits(db, { from: startOfBusinessDay(month.start), to: endOfBusinessDayExclusive(month.end), statuses: ["completed"] }),
    db
      .select({ value: count() })
      .from(messages)
      .where(and(eq(messages.read, false), eq(messages.senderType, "customer"))),
    db.select({ value: count() }).from(contactInquiries).where(isNull(contactInquiries.handledAt)),
  ]);
  return {
    // A visit already under way has started; it is today's work, not upcoming.
    upcomingServices: upcoming.filter((visit) => visit.startTime >= now).length,
    completedThisMonth: completed.length,
    unreadMessages: unread?.value ?? 0,
    openInquiries: inquiries?.value ?? 0,
  };
}
