import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
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
    /**
     * The service and crew the revenue report credits this payment to: those of its visit, else of
     * its plan's one-time visit, else of its plan (a quote's deposit: the plan the accepted quote
     * became). Written by triggers (drizzle/0030_report_columns.sql) whenever any of those
     * change, so the report reads one index range instead of joining every payment of a year.
     */
    attributedServiceId: integer(),
    attributedCrewId: integer(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    check("payments_amount_check", sql`${t.amount} > 0`),
    check("payments_status_check", sql`${t.status} in ('pending', 'completed', 'failed')`),
    check("payments_method_check", sql`${t.method} in ('card', 'cash', 'check')`),
    index("payments_customer_idx").on(t.customerId, t.paymentDate),
    /** A one-time visit's payments are found by its plan (the owed total's refresh). */
    index("payments_schedule_idx").on(t.scheduleId),
    /**
     * The reports read completed payments by day: revenue from the index alone (the columns after
     * the date are what it sums and groups by; Drizzle has no INCLUDE), owed the payments after a day.
     */
    index("payments_completed_date_idx")
      .on(t.paymentDate, t.method, t.amount, t.attributedServiceId, t.attributedCrewId, t.visitId, t.scheduleId)
      .where(sql`${t.status} = 'completed'`),
  ],
);

/** Stripe events already applied: recorded in the same transaction as their effect. */
export const stripeEvents = pgTable("stripe_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  processedAt: createdAt(),
});

/**
 * The completed, priced visits no completed payment covers (src/server/payments/owed.ts says when a
 * visit counts as paid), each with the amount it owes. Kept by triggers on visits and payments
 * (drizzle/0013_owed_total.sql), so the owed total never scans the business. No foreign key: the
 * trigger removes a deleted visit's row itself and takes its amount off the total.
 */
export const unpaidVisits = pgTable("unpaid_visits", {
  visitId: integer().primaryKey(),
  amount: integer().notNull(),
  /** The visit's customer and start, kept with it (drizzle/0030) so the owed report reads this table alone. */
  customerId: integer().notNull(),
  startTime: instant().notNull(),
});

/**
 * Changes to the owed total: the total is the sum of these rows, which the triggers that keep
 * `unpaid_visits` append to (an append, not an update of one row, so that concurrent writes never wait
 * on each other for it); `compactOwedTotal` folds them into one row now and then.
 */
export const owedTotalChanges = pgTable("owed_total_changes", {
  id: serial().primaryKey(),
  unpaidCount: integer().notNull(),
  amount: bigint({ mode: "number" }).notNull(),
});
