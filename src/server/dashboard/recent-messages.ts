import { desc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers, messages } from "@/server/db/schema";

/** The dashboard shows the three latest messages. */
export const RECENT_MESSAGES_LIMIT = 3;

export function listRecentMessages(db: Db, limit = RECENT_MESSAGES_LIMIT) {
  return db
    .select({
      id: messages.id,
      customerId: messages.customerId,
      content: messages.content,
      timestamp: messages.timestamp,
      read: messages.read,
      senderType: messages.senderType,
      customer: { fullName: customers.fullName },
    })
    .from(messages)
    .innerJoin(customers, eq(customers.id, messages.customerId))
    .orderBy(desc(messages.timestamp), desc(messages.id))
    .limit(limit);
}
