import { eq, sql } from "drizzle-orm";
import { formatPhoneNumber } from "@/lib/phone-number";
import type { Db } from "@/server/db";
import { contactInquiries, customers, inboundTexts, messages } from "@/server/db/schema";
import { emit } from "@/server/events/emit";

/**
 * A text from a number no customer has: an inquiry beside the contact form's, named after the
 * number ("Text from (512) 555-0101"), which staff attach to a customer. The office hears of it as
 * of any inquiry. Runs in the inbound text's transaction.
 */
export async function recordTextInquiry(db: Db, text: { number: string; content: string }) {
  const [inquiry] = await db
    .insert(contactInquiries)
    .values({ name: `Text from ${formatPhoneNumber(text.number)}`, email: "", phone: text.number, message: text.content, source: "text" })
    .returning();
  await emit(db, { type: "inquiry.received", inquiry: inquiry! });
  return inquiry!;
}

/**
 * Puts a text's inquiry into the customer's conversation as the customer's text message, at the
 * time it came; attached again elsewhere, the message moves with it. It is marked read: staff read
 * it as an inquiry, and the office was told of it then. The inbound text now belongs to the
 * customer, so a reply can go to its number and later texts from it reach the same conversation.
 * Answers the message's id.
 */
export async function moveTextIntoConversation(
  db: Db,
  inquiry: { id: number; message: string; createdAt: Date },
  customerId: number,
): Promise<number> {
  const [inbound] = await db
    .select({ providerSid: inboundTexts.providerSid, messageId: inboundTexts.messageId })
    .from(inboundTexts)
    .where(eq(inboundTexts.inquiryId, inquiry.id));
  let messageId = inbound?.messageId ?? null;
  if (messageId === null) {
    const [message] = await db
      .insert(messages)
      .values({ customerId, content: inquiry.message, senderType: "customer", channel: "text", read: true, timestamp: inquiry.createdAt })
      .returning({ id: messages.id });
    messageId = message!.id;
  } else {
    // The trigger fills the customer's email on insert only, so a move sets it here.
    await db
      .update(messages)
      .set({ customerId, customerEmail: sql`(select lower(${customers.email}) from ${customers} where ${customers.id} = ${customerId})` })
      .where(eq(messages.id, messageId));
  }
  if (inbound) await db.update(inboundTexts).set({ customerId, messageId }).where(eq(inboundTexts.providerSid, inbound.providerSid));
  return messageId;
}
