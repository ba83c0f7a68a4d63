import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, instant } from "./columns";
import { customers } from "./customers";
import { staffUsers } from "./staff";

/** Spec section 3, Message: one conversation per customer, written by staff ('user') or the customer. */
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
  },
  (t) => [
    check("messages_sender_type_check", sql`${t.senderType} in ('user', 'customer')`),
    index("messages_customer_idx").on(t.customerId, t.timestamp),
    index("messages_unread_idx").on(t.customerId).where(sql`not ${t.read} and ${t.senderType} = 'customer'`),
    index("messages_timestamp_idx").on(t.timestamp),
  ],
);

/** Contact-form submissions (beyond.md item 6), shown to staff as website inquiries. */
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
  },
  (t) => [index("contact_inquiries_open_idx").on(t.createdAt).where(sql`${t.handledAt} is null`)],
);

/** Email that could not go out through SMTP lands here and in the log (beyond.md item 15). */
export const emailOutbox = pgTable("email_outbox", {
  id: serial().primaryKey(),
  to: text().notNull(),
  subject: text().notNull(),
  body: text().notNull(),
  createdAt: createdAt(),
  sentAt: instant(),
});
