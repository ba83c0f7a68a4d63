import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { MESSAGE_CHANNELS, type MessageChannel } from "../../../lib/texts";
import { createdAt, instant, sqlList } from "./columns";
import { customers } from "./customers";
import { staffUsers } from "./staff";

/** A message: one conversation per customer, written by staff ('user') or the customer. */
export const messages = pgTable(
  "messages",
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    userId: integer().references(() => staffUsers.id, { onDelete: "set null" }),
    content: text().notNull(),
    timestamp: instant().notNull().defaultNow(),
    read: boolean().notNull().default(false),
    senderType: text().$type<"user" | "customer">().notNull(),
    /**
     * The customer's email when the message was written, in lower case (an insert that leaves it
     * empty gets it by trigger, drizzle/0015_message_email.sql): the office's messages show to an
     * account that proved that address (docs/product-rules.md#who-owns-a-visit).
     */
    customerEmail: text().notNull().default(""),
    /** How it went: in the portal, or by text (an inbound text, or staff answering one). */
    channel: text().$type<MessageChannel>().notNull().default("portal"),
  },
  (t) => [
    check("messages_sender_type_check", sql`${t.senderType} in ('user', 'customer')`),
    check("messages_channel_check", sql`${t.channel} in (${sqlList(MESSAGE_CHANNELS)})`),
    index("messages_customer_idx").on(t.customerId, t.timestamp),
    index("messages_unread_idx").on(t.customerId).where(sql`not ${t.read} and ${t.senderType} = 'customer'`),
    index("messages_timestamp_idx").on(t.timestamp),
  ],
);

/** Contact-form submissions, shown to staff as website inquiries. */
export const contactInquiries = pgTable(
  "contact_inquiries",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    message: text().notNull(),
    createdAt: createdAt(),
    handledAt: instant(),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    /** The contact form, or a text from a number no customer has. */
    source: text().$type<"website" | "text">().notNull().default("website"),
  },
  (t) => [
    check("contact_inquiries_source_check", sql`${t.source} in ('website', 'text')`),
    index("contact_inquiries_open_idx").on(t.createdAt).where(sql`${t.handledAt} is null`),
  ],
);

export const EMAIL_STATUSES = ["queued", "sent", "outbox", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * Every email, recorded before a job sends it. With SMTP it goes out and becomes `sent`; without
 * SMTP it stays here (and in the log) as `outbox`; after its last failed attempt it is `failed`.
 * The idempotency key makes an email that must go once (a visit's reminder) go once.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    html: text(),
    /** What the email is, for staff reading the outbox: "booking_confirmation", "reminder", … */
    kind: text(),
    idempotencyKey: text().unique(),
    status: text().$type<EmailStatus>().notNull().default("queued"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** Live tokens in the body's links: kept out of the log, and removed from the body once sent. */
    secrets: text().array(),
    /** Extra headers, such as List-Unsubscribe. */
    headers: jsonb().$type<Record<string, string>>(),
    createdAt: createdAt(),
    sentAt: instant(),
  },
  (t) => [
    check("email_outbox_status_check", sql`${t.status} in ('queued', 'sent', 'outbox', 'failed')`),
    index("email_outbox_created_idx").on(t.createdAt),
  ],
);
