import { and, desc, eq, or } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "@/server/db";
import { payments } from "@/server/db/schema";
import { ConflictError, InvalidInputError, NotFoundError } from "@/server/errors";
import { describeStripeFailure, requireStripe } from "@/server/stripe/client";
import { formatCents } from "@/lib/money";
import { completeCardPayment } from "./settle";
import { unconfirmedSince } from "@/server/portal/history-visibility";
import { assertCustomerExists, getCustomerPaymentRow, PAYMENT_NOT_FOUND, type PaymentRow } from "./queries";

export const PAYMENT_ALREADY_COMPLETED = "This payment has already been completed";
export const NOT_A_CARD_PAYMENT = "Only card payments can be paid by card";

export interface PaymentIntentAnswer {
  clientSecret: string;
  paymentId: number;
  amount: number;
}

/** Same payment, same key: a retried or doubled request never creates a second charge. */
export function intentIdempotencyKey(paymentId: number): string {
  return `payment-${paymentId}-intent`;
}

/**
 * POST /api/create-payment-intent: the amount arrives in dollars, but what is charged is
 * the pending record's amount. Without a paymentId the customer's latest pending card payment
 * of that amount is the one meant.
 */
export async function createStaffPaymentIntent(
  db: Db,
  input: { customerId: number; amountCents: number; paymentId?: number },
): Promise<PaymentIntentAnswer> {
  const stripe = requireStripe();
  await assertCustomerExists(db, input.customerId);
  const payment = input.paymentId
    ? await getCustomerPaymentRow(db, input.customerId, input.paymentId)
    : await latestPendingCardPayment(db, input.customerId, input.amountCents);
  if (payment.amount !== input.amountCents) {
    throw new InvalidInputError(`The amount does not match the payment record (${formatCents(payment.amount)})`, "amount");
  }
  return intentForPayment(db, stripe, payment);
}

/**
 * The customer portal pays one of the customer's own pending payments. Only a payment the portal
 * shows can be paid: until the email is confirmed, a claimed record's payments stay hidden, and
 * paying one would reveal its amount.
 */
export async function createCustomerPaymentIntent(db: Db, customerId: number, paymentId: number): Promise<PaymentIntentAnswer> {
  if (await unconfirmedSince(db, customerId)) throw new NotFoundError(PAYMENT_NOT_FOUND);
  const payment = await getCustomerPaymentRow(db, customerId, paymentId);
  const stripe = requireStripe();
  return intentForPayment(db, stripe, payment);
}

async function latestPendingCardPayment(db: Db, customerId: number, amountCents: number): Promise<PaymentRow> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.customerId, customerId),
        eq(payments.amount, amountCents),
        eq(payments.method, "card"),
        or(eq(payments.status, "pending"), eq(payments.status, "failed")),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  if (!payment) {
    throw new NotFoundError(
      `No pending payment of ${formatCents(amountCents)} for this customer. Create the payment record first (POST /api/payments).`,
    );
  }
  return payment;
}

/**
 * The intent for a payment: the one already made for it when it can still be paid, else a new
 * one for the record's amount. A failed payment can be retried with the same intent.
 */
async function intentForPayment(db: Db, stripe: Stripe, payment: PaymentRow): Promise<PaymentIntentAnswer> {
  if (payment.method !== "card") throw new ConflictError(NOT_A_CARD_PAYMENT);
  if (payment.status === "completed") throw new ConflictError(PAYMENT_ALREADY_COMPLETED);

  try {
    let idempotencyKey = intentIdempotencyKey(payment.id);
    if (payment.stripePaymentIntent) {
      const existing = await stripe.paymentIntents.retrieve(payment.stripePaymentIntent);
      if (existing.status === "succeeded") {
        // The webhook has not arrived yet: settle now rather than charge twice.
        await completeCardPayment(db, existing);
        throw new ConflictError(PAYMENT_ALREADY_COMPLETED);
      }
      if (existing.status !== "canceled" && existing.client_secret) {
        return { clientSecret: existing.client_secret, paymentId: payment.id, amount: payment.amount };
      }
      // A canceled intent cannot be paid; its replacement needs a key of its own.
      idempotencyKey = `${idempotencyKey}-replaces-${existing.id}`;
    }

    const intent = await stripe.paymentIntents.create(
      {
        amount: payment.amount,
        currency: "usd",
        automatic_payment_methods: { enabled: true },
        description: `GreenScape Austin payment #${payment.id}`,
        metadata: { paymentId: String(payment.id), customerId: String(payment.customerId) },
      },
      { idempotencyKey },
    );
    if (!intent.client_secret) throw new Error("The payment provider answered without a client secret");
    await db.update(payments).set({ stripePaymentIntent: intent.id, updatedAt: new Date() }).where(eq(payments.id, payment.id));
    return { clientSecret: intent.client_secret, paymentId: payment.id, amount: payment.amount };
  } catch (error) {
    if (error instanceof ConflictError) throw error;
    throw describeStripeFailure(error);
  }
}
