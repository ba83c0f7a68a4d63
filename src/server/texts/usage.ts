import { and, gte, lt, sql } from "drizzle-orm";
import { businessToday, endOfBusinessDayExclusive, monthRange, startOfBusinessDay } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { textMessages } from "@/server/db/schema";

/** Handed to Twilio: these cost money, whatever became of them afterwards. */
const HANDED_OVER = sql`${textMessages.status} in ('sending', 'sent', 'delivered', 'undelivered', 'failed')`;

const countWhere = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * What texts cost this Austin month, for the owner: the texts handed to Twilio and their segments
 * (Twilio charges per segment), with the ones not sent counted apart. A text counts in the month it
 * was written, as the daily caps count it.
 */
export async function getTextUsage(db: Db, now = new Date()) {
  const { start, end } = monthRange(businessToday(now));
  const [row] = await db
    .select({
      sent: countWhere(HANDED_OVER),
      segments: sql<number>`coalesce(sum(${textMessages.segments}) filter (where ${HANDED_OVER}), 0)`.mapWith(Number),
      delivered: countWhere(sql`${textMessages.status} = 'delivered'`),
      failed: countWhere(sql`${textMessages.status} in ('undelivered', 'failed')`),
      skipped: countWhere(sql`${textMessages.status} = 'skipped'`),
      outbox: countWhere(sql`${textMessages.status} = 'outbox'`),
      waiting: countWhere(sql`${textMessages.status} in ('queued', 'sending')`),
    })
    .from(textMessages)
    .where(and(gte(textMessages.createdAt, startOfBusinessDay(start)), lt(textMessages.createdAt, endOfBusinessDayExclusive(end))));
  return { month: start.slice(0, 7), ...row! };
}
