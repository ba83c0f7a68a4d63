import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { messages } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";
import { LIMITS } from "@/server/auth/limits";
import { enforceLimit } from "@/server/auth/rate-limit";
import { visibleMessages } from "@/server/ownership/ownership";
import { emit } from "@/server/events/emit";

export const MESSAGE_NOT_FOUND = "Message not found";

/**
 * The customer's conversation with the business, oldest first, as far as the account may read it
 * (docs/product-rules.md#who-owns-a-visit). `read` on a staff reply means the customer has seen it;
 * on the customer's own messages it means staff have.
 */
export async function listConversation(db: Db, customerId: number) {
  return db
    .select({
      id: messages.id,
      content: messages.content,
      timestamp: messages.timestamp,
      read: messages.read,
      senderType: messages.senderType,
    })
    .from(messages)
    .where(visibleMessages(customerId))
    .orderBy(asc(messages.timestamp), asc(messages.id));
}

/**
 * What the customer sends is unread for staff until they open the conversation (docs/product-rules.md#messages).
 * Each message emails the office, so an account may send only so many an hour (429 past that).
 */
export async function sendCustomerMessage(db: Db, customerId: number, content: string) {
  await enforceLimit(db, LIMITS.portalMessagesPerAccount, String(customerId));
  return db.transaction(async (tx) => {
    const [message] = await tx.insert(messages).values({ customerId, content, senderType: "customer", read: false }).returning({
      id: messages.id,
      content: messages.content,
      timestamp: messages.timestamp,
      read: messages.read,
      senderType: messages.senderType,
    });
    await emit(tx, { type: "message.received", customerId, message: message! });
    return message!;
  });
}

/** Marks one staff reply as seen by the customer; anyone else's message is not found. */
export async function markReplyRead(db: Db, customerId: number, messageId: number) {
  const [message] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), visibleMessages(customerId)));
  if (!message) throw new NotFoundError(MESSAGE_NOT_FOUND);
  // The customer's own messages keep their flag: it belongs to staff.
  if (message.senderType === "user" && !message.read) {
    await db.update(messages).set({ read: true }).where(eq(messages.id, messageId));
  }
  return { id: message.id, read: message.senderType === "user" ? true : message.read };
}
