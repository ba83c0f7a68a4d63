import { and, count, eq, gte, inArray, isNull, lt } from "drizzle-orm";
import { addDays, businessToday, endOfBusinessDayExclusive, monthRange, startOfBusinessDay } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { contactInquiries, messages, visits } from "@/server/db/schema";
import { countFailedAutopay, unpaidVisitTotals } from "@/server/payments/owed";

/** Open-ended series never stop, so "upcoming" looks this far ahead. */
export const UPCOMING_WINDOW_DAYS = 30;

/**
 * The dashboard's counts, in Austin time, each one SQL aggregate, every visit of a series counted:
 * pending or confirmed visits from now through the next 30 days, visits completed
 * this calendar month, customer messages no one has read, website inquiries not yet handled, and
 * what completed visits still owe (every unpaid visit summed, not only the latest listed elsewhere).
 * A visit already under way has started: it is today's work, not upcoming.
 */
export async function dashboardStats(db: Db, now: Date = new Date()) {
  const today = businessToday(now);
  const month = monthRange(today);
  const upcomingUntil = endOfBusinessDayExclusive(addDays(today, UPCOMING_WINDOW_DAYS));
  const [[upcoming], [completed], [unread], [inquiries], owed, autopayNeedingCustomer] = await Promise.all([
    db
      .select({ value: count() })
      .from(visits)
      .where(and(gte(visits.startTime, now), lt(visits.startTime, upcomingUntil), inArray(visits.status, ["pending", "confirmed"]))),
    db
      .select({ value: count() })
      .from(visits)
      .where(
        and(
          gte(visits.startTime, startOfBusinessDay(month.start)),
          lt(visits.startTime, endOfBusinessDayExclusive(month.end)),
          eq(visits.status, "completed"),
        ),
      ),
    db
      .select({ value: count() })
      .from(messages)
      .where(and(eq(messages.read, false), eq(messages.senderType, "customer"))),
    db.select({ value: count() }).from(contactInquiries).where(isNull(contactInquiries.handledAt)),
    unpaidVisitTotals(db),
    countFailedAutopay(db),
  ]);
  return {
    upcomingServices: upcoming?.value ?? 0,
    completedThisMonth: completed?.value ?? 0,
    unreadMessages: unread?.value ?? 0,
    openInquiries: inquiries?.value ?? 0,
    owedTotal: owed.owedTotal,
    autopayNeedingCustomer,
  };
}
