import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { TEXT_CONSENT_METHODS, TEXT_STATUSES, type TextConsentMethod, type TextKind, type TextStatus } from "../../../lib/texts";
import { createdAt, instant, sqlList } from "./columns";
import { customers } from "./customers";
import { contactInquiries, messages } from "./messages";
import { staffUsers } from "./staff";

/**
 * Every text, recorded before a job sends it (as email_outbox is for email). The idempotency key
 * makes a text that must go once go once; `sending` is set before the provider is asked, so a
 * retried job never asks twice (src/server/texts/deliver-text.ts).
 */
export const textMessages = pgTable(
  "text_messages",
  {
    id: serial().primaryKey(),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    /** The conversation message this text carries, when staff answered by text. */
    messageId: integer().references(() => messages.id, { onDelete: "set null" }),
    /** E.164. */
    to: text().notNull(),
    body: text().notNull(),
    kind: text().$type<TextKind>().notNull(),
    idempotencyKey: text().unique(),
    status: text().$type<TextStatus>().notNull().default("queued"),
    /** Not sent before this (quiet hours end at 8 AM Austin time). */
    sendAfter: instant().notNull().defaultNow(),
    segments: integer().notNull(),
    attempts: integer().notNull().default(0),
    /** The provider's id (Twilio's MessageSid), which its status callbacks name. */
    providerSid: text().unique(),
    errorCode: integer(),
    lastError: text(),
    createdAt: createdAt(),
    sentAt: instant(),
    updatedAt: createdAt(),
  },
  (t) => [
    check("text_messages_status_check", sql`${t.status} in (${sqlList(TEXT_STATUSES)})`),
    index("text_messages_created_idx").on(t.createdAt),
    index("text_messages_customer_idx").on(t.customerId, t.createdAt),
    index("text_messages_message_idx").on(t.messageId).where(sql`${t.messageId} is not null`),
  ],
);

/** Every change to a customer's consent to texts: when, how, the words shown, and who recorded it. */
export const textConsentChanges = pgTable(
  "text_consent_changes",
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    given: boolean().notNull(),
    method: text().$type<TextConsentMethod>().notNull(),
    /** The words the customer saw (or the keyword they texted). */
    words: text().notNull(),
    /** The number the consent is for, E.164. */
    phone: text(),
    /** The staff member who recorded consent given on the phone. */
    staffUserId: integer().references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("text_consent_changes_method_check", sql`${t.method} in (${sqlList(TEXT_CONSENT_METHODS)})`),
    index("text_consent_changes_customer_idx").on(t.customerId, t.createdAt),
  ],
);

/**
 * Each inbound text once, by the provider's id: a replayed webhook finds its id here and stores
 * nothing again. `customerId` is who it matched, `messageId` the conversation message it became.
 */
export const inboundTexts = pgTable(
  "inbound_texts",
  {
    providerSid: text().primaryKey(),
    from: text().notNull(),
    body: text().notNull(),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    messageId: integer().references(() => messages.id, { onDelete: "set null" }),
    /** The inquiry made for a number nobody has (until staff attach it to a customer). */
    inquiryId: integer().references(() => contactInquiries.id, { onDelete: "set null" }),
    receivedAt: createdAt(),
  },
  (t) => [
    index("inbound_texts_received_idx").on(t.receivedAt),
    // A number's texts: whom it belongs to (a text staff attached) and where a reply goes.
    index("inbound_texts_from_idx").on(t.from, t.receivedAt),
  ],
);
