import { and, desc, eq } from "drizzle-orm";
import type { MessageChannel } from "@/lib/texts";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";
import type { Db } from "@/server/db";
import { customers, inboundTexts, messages } from "@/server/db/schema";
import { InvalidInputError, NotFoundError } from "@/server/errors";
import { TEXTING_COLUMNS, textsTo } from "@/server/texts/consent";

/** Twilio's limit for one message's body; longer would be refused. */
export const TEXT_REPLY_MAX_LENGTH = 1600;

export const CANNOT_TEXT = "This customer cannot be texted";
export const TEXT_REPLY_TOO_LONG = `A text can be at most ${TEXT_REPLY_MAX_LENGTH} characters: shorten the message or send it to My Account.`;

/**
 * How a staff message goes, and to which number when by text. Asked for by text, it goes by text or
 * is refused with the reason. Not asked, it goes by text when the customer's latest message came by
 * text and they can be texted now, else in My Account (docs/product-rules.md#texts).
 */
export async function chooseReplyChannel(
  db: Db,
  customerId: number,
  content: string,
  asked?: MessageChannel,
): Promise<{ channel: "portal"; to: null } | { channel: "text"; to: string }> {
  const portal = { channel: "portal", to: null } as const;
  if (asked === "portal") return portal;
  if (asked === undefined && (await latestCustomerChannel(db, customerId)) !== "text") return portal;
  const target = await textReplyNumber(db, customerId);
  const tooLong = content.length > TEXT_REPLY_MAX_LENGTH;
  if (asked === undefined) return "to" in target && !tooLong ? { channel: "text", to: target.to } : portal;
  if ("refused" in target) throw new InvalidInputError(`${CANNOT_TEXT}: ${target.refused}`, "channel");
  if (tooLong) throw new InvalidInputError(TEXT_REPLY_TOO_LONG, "content");
  return { channel: "text", to: target.to };
}

async function latestCustomerChannel(db: Db, customerId: number): Promise<MessageChannel | null> {
  const [latest] = await db
    .select({ channel: messages.channel })
    .from(messages)
    .where(and(eq(messages.customerId, customerId), eq(messages.senderType, "customer")))
    .orderBy(desc(messages.timestamp), desc(messages.id))
    .limit(1);
  return latest?.channel ?? null;
}

/**
 * The number a staff reply by text goes to: the one the customer agreed to texts at, else the one
 * they last texted us from (a customer who writes by text is answered by text). Never after STOP.
 */
async function textReplyNumber(db: Db, customerId: number): Promise<{ to: string } | { refused: string }> {
  const [record] = await db.select(TEXTING_COLUMNS).from(customers).where(eq(customers.id, customerId));
  if (!record) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  if (record.textsStoppedAt) return { refused: "they texted STOP, and texts go to them again only after they text START." };
  const agreed = textsTo(record);
  if (agreed) return { to: agreed };
  const [latest] = await db
    .select({ from: inboundTexts.from })
    .from(inboundTexts)
    .where(eq(inboundTexts.customerId, customerId))
    .orderBy(desc(inboundTexts.receivedAt))
    .limit(1);
  if (latest) return { to: latest.from };
  return {
    refused: record.textConsentAt
      ? "the phone on their record is no longer the number they agreed to be texted at, and they have not texted us."
      : "they have not agreed to texts and have not texted us.",
  };
}
