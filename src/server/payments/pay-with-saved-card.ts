import { and, eq, isNull, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "@/server/db";
import { payments } from "@/server/db/schema";
import { ConflictError, NotFoundError } from "@/server/errors";
import { describeStripeFailure, intentOfCardError, refusedBeforeCharging, requireStripe } from "@/server/stripe/client";
import { defaultCardOf } from "./cards";
import {
  activeIntentClaim,
  AUTOPAY_CHARGE_IN_PROGRESS,
  lockPayment,
  metadataWithoutClaim,
  NOT_A_CARD_PAYMENT,
  PAYMENT_ALREADY_COMPLETED,
  releaseIntentClaim,
  SAVED_CARD_CHARGE_IN_PROGRESS,
  writeIntentClaim,
} from "./intent";
import { PAYMENT_NOT_FOUND } from "@/lib/validation/not-found";
import { completeCardPayment, failCardPayment } from "./settle";

export const NO_SAVED_CARD = "There is no saved card to pay with. Please pay with the card form.";
export const CARD_FORM_STARTED = "This payment was started in the card form. Please finish it there.";

export type SavedCardPayment = { status: "completed" | "processing" } | { status: "failed"; message: string };

/**
 * The customer, present, pays one of their pending card payments with their default saved card.
 * Under the payment's row lock it claims the payment for this charge: never while the card form has
 * an intent for it, nor while another charge is starting, so one payment never has two live intents.
 * The charge is confirmed at once; a card that would ask its owner to authenticate fails instead
 * (the card form, on the same intent, can then do it). docs/product-rules.md#payments
 */
export async function payWithSavedCard(db: Db, customerId: number, paymentId: number): Promise<SavedCardPayment> {
  const stripe = requireStripe();
  const card = await defaultCardOf(db, customerId);
  if (!card) throw new ConflictError(NO_SAVED_CARD);

  const amount = await db.transaction(async (tx) => {
    const row = await lockPayment(tx, paymentId);
    if (!row || row.customerId !== customerId) throw new NotFoundError(PAYMENT_NOT_FOUND);
    if (row.method !== "card") throw new ConflictError(NOT_A_CARD_PAYMENT);
    if (row.status === "completed") throw new ConflictError(PAYMENT_ALREADY_COMPLETED);
    if (row.stripePaymentIntent) throw new ConflictError(CARD_FORM_STARTED);
    const active = activeIntentClaim(row.metadata)?.by;
    if (active === "autopay") throw new ConflictError(AUTOPAY_CHARGE_IN_PROGRESS);
    if (active === "saved-card") throw new ConflictError(SAVED_CARD_CHARGE_IN_PROGRESS);
    if (active === "pay") throw new ConflictError(CARD_FORM_STARTED);
    await writeIntentClaim(tx, paymentId, "saved-card");
    return row.amount;
  });

  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount,
        currency: "usd",
        customer: card.stripeCustomerId,
        payment_method: card.id,
        confirm: true,
        error_on_requires_action: true,
        description: `GreenScape Austin payment #${paymentId}`,
        metadata: { paymentId: String(paymentId), customerId: String(customerId) },
      },
      { idempotencyKey: `saved-card-payment-${paymentId}` },
    );
  } catch (error) {
    const failed = intentOfCardError(error);
    if (!failed) {
      if (refusedBeforeCharging(error)) await releaseIntentClaim(db, paymentId, "saved-card");
      throw describeStripeFailure(error);
    }
    intent = failed;
  }

  const charged = { brand: card.brand, last4: card.last4 };
  await db
    .update(payments)
    .set({
      stripePaymentIntent: intent.id,
      metadata: sql`${metadataWithoutClaim} || ${JSON.stringify({ card: charged })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(payments.id, paymentId), isNull(payments.stripePaymentIntent)));
  if (intent.status === "succeeded") {
    await completeCardPayment(db, intent, charged);
    return { status: "completed" };
  }
  if (intent.status === "processing") return { status: "processing" };
  await failCardPayment(db, intent);
  return { status: "failed", message: intent.last_payment_error?.message ?? "The card payment failed." };
}
