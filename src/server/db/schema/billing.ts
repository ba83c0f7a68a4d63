import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, instant } from "./columns";
import { customers } from "./customers";
import { payments } from "./payments";
import { staffUsers } from "./staff";

/** Who turned autopay on: the customer, or staff with the customer's consent written down. */
export interface AutopayConsent {
  by: "customer" | "staff";
  staffUserId: number | null;
  /** How the customer agreed when staff turned it on ("by phone, 3 March"). */
  note: string | null;
  at: string;
}

/**
 * A customer's card billing: the Stripe Customer that keeps their cards (made on first use) and
 * whether completed visits are charged to the default card.
 */
export const billingProfiles = pgTable("billing_profiles", {
  customerId: integer()
    .primaryKey()
    .references(() => customers.id, { onDelete: "cascade" }),
  stripeCustomerId: text().notNull().unique(),
  autopay: boolean().notNull().default(false),
  autopayConsent: jsonb().$type<AutopayConsent>(),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A refund asked of Stripe; it counts once the webhook confirms it ('succeeded'). */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: serial().primaryKey(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    stripeRefundId: text().notNull().unique(),
    amount: integer().notNull(),
    reason: text().notNull(),
    status: text().$type<RefundStatus>().notNull().default("pending"),
    requestedByUserId: integer().references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    confirmedAt: instant(),
  },
  (t) => [
    check("payment_refunds_amount_check", sql`${t.amount} > 0`),
    check("payment_refunds_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    index("payment_refunds_payment_idx").on(t.paymentId),
    /** Revenue nets refunds on the day they were confirmed. */
    index("payment_refunds_confirmed_idx").on(t.confirmedAt).where(sql`${t.status} = 'succeeded'`),
  ],
);
