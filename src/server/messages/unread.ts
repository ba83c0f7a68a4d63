import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers, messages } from "@/server/db/schema";

/** Customer messages staff have not read yet, newest first: the bell badge counts them. */
export function listUnreadCustomerMessages(db: Db) {
  return db
    .select({
      id: messages.id,
      customerId: messages.customerId,
      content: messages.content,
      timestamp: messages.timestamp,
      customer: { fullName: customers.fullName },
    })
    .from(messages)
    .innerJoin(customers, eq(customers.id, messages.customerId))
    .where(and(eq(messages.read, false), eq(messages.senderType, "customer")))
    .orderBy(desc(messages.timestamp), desc(messages.id));
}
