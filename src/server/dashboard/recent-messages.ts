import { desc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers, messages } from "@/server/db/schema";
import { messageSummaryColumns } from "@/server/messages/unread";

/** The dashboard shows the three latest messages. */
export const RECENT_MESSAGES_LIMIT = 3;

export function listRecentMessages(db: Db, limit = RECENT_MESSAGES_LIMIT) {
  return db
    .select({ ...messageSummaryColumns, read: messages.read, senderType: messages.senderType })
    .from(messages)
    .innerJoin(customers, eq(customers.id, messages.customerId))
    .orderBy(desc(messages.timestamp), desc(messages.id))
    .limit(limit);
}
