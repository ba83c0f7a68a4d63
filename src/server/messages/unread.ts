import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers, messages } from "@/server/db/schema";

/** What every list of messages shows of one: who it is for and what it says, and when. */
export const messageSummaryColumns = {
  id: messages.id,
  customerId: messages.customerId,
  content: messages.content,
  timestamp: messages.timestamp,
  customer: { fullName: customers.fullName },
};

/** Customer messages staff have not read yet, newest first. */
export function listUnreadCustomerMessages(db: Db) {
  return db
    .select(messageSummaryColumns)
    .from(messages)
    .innerJoin(customers, eq(customers.id, messages.customerId))
    .where(and(eq(messages.read, false), eq(messages.senderType, "customer")))
    .orderBy(desc(messages.timestamp), desc(messages.id));
}

/** How many customer messages staff have not read: the bell badge needs the number, not the messages. */
export async function countUnreadCustomerMessages(db: Db) {
  const [row] = await db
    .select({ value: count() })
    .from(messages)
    .where(and(eq(messages.read, false), eq(messages.senderType, "customer")));
  return { count: row?.value ?? 0 };
}
