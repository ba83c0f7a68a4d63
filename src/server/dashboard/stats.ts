import { and, eq, gte, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgTable } from "drizzle-orm/pg-core";
import { addDays, businessToday, endOfBusinessDayExclusive, monthRange, startOfBusinessDay } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { rowsOf } from "@/server/db/rows";
import { contactInquiries, messages, payments, visits } from "@/server/db/schema";
import { failedAutopayCondition, owedTotalSql } from "@/server/payments/owed";

/** Open-ended series never stop, so "upcoming" looks this far ahead. */
export const UPCOMING_WINDOW_DAYS = 30;

/**
 * The dashboard's counts, in Austin time, each one SQL aggregate, every visit of a series counted:
 * pending or confirmed visits from now through the next 30 days, visits completed
 * this calendar month, customer messages no one has read, website inquiries not yet handled, and
 * what completed visits still owe (every unpaid visit summed, not only the latest listed elsewhere),
 * and the visits waiting for staff to give them a time (an accepted quote's, whatever their date).
 * A visit already under way has started: it is today's work, not upcoming.
 */
export async function dashboardStats(db: Db, now: Date = new Date()) {
  const today = businessToday(now);
  const month = monthRange(today);
  const upcomingUntil = endOfBusinessDayExclusive(addDays(today, UPCOMING_WINDOW_DAYS));
  const counted = (table: AnyPgTable, where: SQL | undefined) => sql`(select count(*)::int from ${table} where ${where})`;
  // One statement, one round trip: on a loaded host the round trips, not PostgreSQL, were most of it.
  const result = await db.execute(sql`select
    ${counted(visits, and(gte(visits.startTime, now), lt(visits.startTime, upcomingUntil), inArray(visits.status, ["pending", "confirmed"])))} as "upcoming",
    ${counted(
      visits,
      and(
        gte(visits.startTime, startOfBusinessDay(month.start)),
        lt(visits.startTime, endOfBusinessDayExclusive(month.end)),
        eq(visits.status, "completed"),
      ),
    )} as "completed",
    ${counted(messages, and(eq(messages.read, false), eq(messages.senderType, "customer")))} as "unread",
    ${counted(contactInquiries, isNull(contactInquiries.handledAt))} as "inquiries",
    ${counted(payments, failedAutopayCondition())} as "autopay",
    ${counted(visits, eq(visits.needsTime, true))} as "needsTime",
    (${owedTotalSql()}) as "owed"`);
  const [row] =
    rowsOf<Record<"upcoming" | "completed" | "unread" | "inquiries" | "autopay" | "needsTime" | "owed", number | string | null>>(result);
  const value = (key: keyof NonNullable<typeof row>) => Number(row?.[key] ?? 0);
  return {
    upcomingServices: value("upcoming"),
    completedThisMonth: value("completed"),
    unreadMessages: value("unread"),
    openInquiries: value("inquiries"),
    owedTotal: value("owed"),
    autopayNeedingCustomer: value("autopay"),
    visitsNeedingTime: value("needsTime"),
  };
}
