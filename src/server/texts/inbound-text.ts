import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers, inboundTexts, messages } from "@/server/db/schema";
import { emit } from "@/server/events/emit";
import { recordTextInquiry } from "@/server/inquiries/text-inquiry";
import { customerHasNumber } from "./consent";
import { answerKeyword, keywordOf } from "./keywords";
import { textNumberOf } from "./text-number";

/** Where Twilio posts the texts customers send us (the number's or Messaging Service's incoming webhook). */
export const TEXT_INBOUND_PATH = "/api/webhooks/twilio/messages";

/** Said in the conversation when a text carried pictures: texts bring in their words only. */
export const PHOTO_NOTE = "(sent a photo, which texts do not bring in)";

export interface InboundText {
  /** Twilio's MessageSid: the same on every delivery of one text. */
  providerSid: string;
  from: string;
  body: string;
  mediaCount: number;
}

export type InboundOutcome = "duplicate" | "keyword" | "message" | "inquiry" | "empty";

/**
 * A text a customer sent us, once however often the webhook delivers it (its MessageSid is kept).
 * STOP, START and HELP are acted on and answered, and kept only as inbound texts. Any other text
 * joins the conversation of the customer the number belongs to (and the office hears of it as of a
 * portal message), or becomes an inquiry when the number is nobody's (docs/product-rules.md#texts).
 */
export async function receiveInboundText(db: Db, text: InboundText, now = new Date()): Promise<InboundOutcome> {
  const number = textNumberOf(text.from) ?? text.from.trim();
  const body = text.body.trim();
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(inboundTexts)
      .values({ providerSid: text.providerSid, from: number, body })
      .onConflictDoNothing()
      .returning({ providerSid: inboundTexts.providerSid });
    if (!fresh) return "duplicate";
    const customerId = await customerOfNumber(tx, number);
    const record = (values: Partial<typeof inboundTexts.$inferInsert>) =>
      tx.update(inboundTexts).set(values).where(eq(inboundTexts.providerSid, text.providerSid));

    const keyword = keywordOf(body);
    if (keyword) {
      await answerKeyword(tx, { providerSid: text.providerSid, number, keyword, word: body.toUpperCase(), customerId }, now);
      await record({ customerId });
      return "keyword";
    }
    const content = [body, text.mediaCount > 0 ? PHOTO_NOTE : ""].filter(Boolean).join("\n\n");
    if (!content) {
      await record({ customerId });
      return "empty";
    }
    if (customerId === null) {
      const inquiry = await recordTextInquiry(tx, { number, content });
      await record({ inquiryId: inquiry.id });
      return "inquiry";
    }
    const [message] = await tx
      .insert(messages)
      .values({ customerId, content, senderType: "customer", channel: "text", read: false })
      .returning({ id: messages.id, content: messages.content, timestamp: messages.timestamp });
    await record({ customerId, messageId: message!.id });
    await emit(tx, { type: "message.received", customerId, message: { ...message!, channel: "text" } });
    return "message";
  });
}

/**
 * The customer a number belongs to, when several have it: the one who agreed to texts at it, then
 * the one who wrote or was written to last, then the newest record.
 */
export async function customerOfNumber(db: Db, number: string): Promise<number | null> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(customerHasNumber(number))
    .orderBy(
      sql`${customers.textNumber} = ${number} desc nulls last`,
      sql`(select max(${messages.timestamp}) from ${messages} where ${messages.customerId} = ${customers.id}) desc nulls last`,
      desc(customers.createdAt),
      desc(customers.id),
    )
    .limit(1);
  return customer?.id ?? null;
}
