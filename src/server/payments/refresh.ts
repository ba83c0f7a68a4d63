import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "@/server/db";
import { payments } from "@/server/db/schema";
import { InvalidInputError, NotFoundError } from "@/server/errors";
import { LIMITS, limitSubjectForAddress } from "@/server/auth/limits";
import { enforceLimit } from "@/server/auth/rate-limit";
import { describeStripeFailure, requireStripe } from "@/server/stripe/client";
import { completeCardPayment, failCardPayment, markCardPaymentProcessing } from "./settle";
import { getPayment } from "./queries";
import { PAYMENT_NOT_FOUND } from "@/lib/validation/not-found";

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Applies what Stripe says of an intent now: the same guarded moves as the webhook. A charge
 * still processing is not a failure: the payment is pending until Stripe settles it.
 */
async function applyIntentState(db: Db, intent: Stripe.PaymentIntent) {
  if (intent.status === "succeeded") await completeCardPayment(db, intent);
  else if (intent.status === "processing") await markCardPaymentProcessing(db, intent);
  else if (intent.status === "canceled" || (intent.status === "requires_payment_method" && intent.last_payment_error)) {
    await failCardPayment(db, intent);
  }
}

async function retrieveIntent(stripe: Stripe, intentId: string) {
  try {
    return await stripe.paymentIntents.retrieve(intentId);
  } catch (error) {
    if ((error as { code?: string }).code === "resource_missing") throw new NotFoundError(PAYMENT_NOT_FOUND);
    throw describeStripeFailure(error);
  }
}

/**
 * For setups without webhooks: re-reads the payment's intent from Stripe and
 * settles the payment as the webhook would have.
 */
export async function refreshPaymentFromStripe(db: Db, paymentId: number) {
  const payment = await getPayment(db, paymentId);
  if (payment.method !== "card" || payment.status === "completed") return payment;
  if (!payment.stripePaymentIntent) {
    throw new InvalidInputError("This payment has no card payment started yet, so there is nothing to refresh", "id");
  }
  const intent = await retrieveIntent(requireStripe(), payment.stripePaymentIntent);
  await applyIntentState(db, intent);
  return getPayment(db, paymentId);
}

/**
 * The /payments/success screen after Stripe's return. Knowing the intent's client secret
 * proves the visitor started this payment, so the answer needs no session; it also settles the
 * payment when no webhook has done so yet. Each answer asks Stripe, so an address may ask only so
 * many times an hour (429 past that), counted before Stripe is asked.
 */
export async function paymentReturnStatus(db: Db, input: { paymentIntent: string; clientSecret: string }, context: { ip: string }) {
  const stripe = requireStripe();
  await enforceLimit(db, LIMITS.paymentReturnStatusPerAddress, limitSubjectForAddress(context.ip));
  const intent = await retrieveIntent(stripe, input.paymentIntent);
  if (!intent.client_secret || !sameSecret(intent.client_secret, input.clientSecret)) throw new NotFoundError(PAYMENT_NOT_FOUND);
  const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.stripePaymentIntent, intent.id));
  if (!payment) throw new NotFoundError(PAYMENT_NOT_FOUND);
  await applyIntentState(db, intent);
  const { id, amount, status } = await getPayment(db, payment.id);
  return { paymentId: id, amount, status, message: intent.status === "processing" ? null : (intent.last_payment_error?.message ?? null) };
}
