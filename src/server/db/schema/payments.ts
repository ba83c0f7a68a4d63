import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, instant } from "./columns";
import { customers } from "./customers";
import { schedules, visits } from "./schedules";

export const PAYMENT_STATUSES = ["pending", "completed", "failed"] as const;
export const PAYMENT_METHODS = ["card", "cash", "check"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A payment. A customer with payments cannot be deleted (docs/product-rules.md#customer-accounts-and-claiming). */
export const payments = pgTable(
  "payments",
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    scheduleId: integer().references(() => schedules.id, { onDelete: "set null" }),
    /** The visit this payment is the autopay charge of: one per visit. */
    visitId: integer()
      .unique()
      .references(() => visits.id, { onDelete: "set null" }),
    amount: integer().notNull(),
    status: text().$type<PaymentStatus>().notNull().default("pending"),
    method: text().$type<PaymentMethod>().notNull().default("card"),
    paymentDate: instant().notNull().defaultNow(),
    stripePaymentId: text(),
    stripePaymentIntent: text().unique(),
    metadata: jsonb(),
    /**
     * The customer's email when the payment was made, in lower case (an insert that leaves it empty
     * gets it by trigger): a payment without a plan is owned by the account that proved it.
     */
    billedEmail: text().notNull().default(""),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    check("payments_amount_check", sql`${t.amount} > 0`),
    check("payments_status_check", sql`${t.status} in ('pending', 'completed', 'failed')`),
    check("payments_method_check", sql`${t.method} in ('card', 'cash', 'check')`),
    index("payments_customer_idx").on(t.customerId, t.paymentDate),
  ],
);

/** Stripe events already applied: recorded in the same transaction as their effect. */
export const stripeEvents = pgTable("stripe_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  processedAt: createdAt(),
});
