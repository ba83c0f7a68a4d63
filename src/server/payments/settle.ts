import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "@/server/db";
import { payments, stripeEvents } from "@/server/db/schema";
import { emit } from "@/server/events/emit";
import { getStripe } from "@/server/stripe/client";
import { applyRefundUpdate } from "./refunds";

/**
 * The one place a card payment leaves 'pending' (docs/product-rules.md#payments). Both moves are single
 * guarded UPDATEs, so concurrent deliveries serialise on the row: completed is final, and a
 * success after a failure (the customer tried another card) still completes the payment.
 */

/** The payment an intent belongs to: the one that stored its id, or the one named in its metadata. */
function paymentOfIntent(intent: Stripe.PaymentIntent) {
  const byIntent = eq(payments.stripePaymentIntent, intent.id);
  const paymentId = Number(intent.metadata?.paymentId);
  if (!Number.isSafeInteger(paymentId) || paymentId <= 0) return byIntent;
  return or(byIntent, and(eq(payments.id, paymentId), isNull(payments.stripePaymentIntent)));
}

/** That payment while it is a card payment not yet completed: completed is final, whatever Stripe says later. */
function openCardPaymentOf(intent: Stripe.PaymentIntent) {
  return and(paymentOfIntent(intent), eq(payments.method, "card"), ne(payments.status, "completed"));
}

function chargeId(intent: Stripe.PaymentIntent): string {
  const charge = intent.latest_charge;
  if (typeof charge === "string") return charge;
  return charge?.id ?? intent.id;
}

/** True when this call moved the payment to completed. `card` is kept for the receipt when known. */
export async function completeCardPayment(
  db: Db,
  intent: Stripe.PaymentIntent,
  card?: { brand: string; last4: string } | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(payments)
      .set({
        status: "completed",
        stripePaymentIntent: intent.id,
        stripePaymentId: chargeId(intent),
        ...(card ? { metadata: sql`coalesce(${payments.metadata}, '{}'::jsonb) || ${JSON.stringify({ card })}::jsonb` } : {}),
        paymentDate: new Date(),
        updatedAt: new Date(),
      })
      .where(
        and(
          openCardPaymentOf(intent),
          // The intent was made from this record's amount; anything else is not this payment.
          eq(payments.amount, intent.amount_received || intent.amount),
        ),
      )
      .returning({
        id: payments.id,
        customerId: payments.customerId,
        scheduleId: payments.scheduleId,
        amount: payments.amount,
        method: payments.method,
        paymentDate: payments.paymentDate,
      });
    // Only the call that completed it announces it: a redelivered event changes nothing and says nothing.
    if (updated[0]) await emit(tx, { type: "payment.completed", payment: updated[0] });
    return updated.length > 0;
  });
}

/**
 * True when this call recorded the failure. A completed payment never goes back to failed; an
 * autopay charge (one with a visit) stays pending with the reason, for the customer to pay.
 */
export async function failCardPayment(db: Db, intent: Stripe.PaymentIntent): Promise<boolean> {
  const failure = { failureMessage: intent.last_payment_error?.message ?? "The card payment failed." };
  const updated = await db
    .update(payments)
    .set({
      status: sql`case when ${payments.visitId} is null then 'failed' else ${payments.status} end`,
      stripePaymentIntent: intent.id,
      // A visit's charge that fails needs the customer again (its notice may have gone while it was processing).
      metadata: sql`coalesce(${payments.metadata}, '{}'::jsonb) || ${JSON.stringify(failure)}::jsonb || (case when ${payments.visitId} is null then '{}' else '{"actionNeeded": true}' end)::jsonb`,
      updatedAt: new Date(),
    })
    .where(openCardPaymentOf(intent))
    .returning({ id: payments.id });
  return updated.length > 0;
}

/**
 * Stripe is still confirming a charge (`processing`): it has neither failed nor gone through, so
 * the payment is pending, without the failure of an earlier try (the customer tried another card),
 * and waits for the webhook. Nothing is written when there is nothing to take back.
 */
export async function markCardPaymentProcessing(db: Db, intent: Stripe.PaymentIntent): Promise<boolean> {
  const updated = await db
    .update(payments)
    .set({
      status: "pending",
      stripePaymentIntent: intent.id,
      metadata: sql`coalesce(${payments.metadata}, '{}'::jsonb) - 'failureMessage' - 'actionNeeded'`,
      updatedAt: new Date(),
    })
    .where(
      and(
        openCardPaymentOf(intent),
        or(
          eq(payments.status, "failed"),
          sql`${payments.metadata} ->> 'failureMessage' is not null`,
          sql`${payments.metadata} ->> 'actionNeeded' is not null`,
        ),
      ),
    )
    .returning({ id: payments.id });
  return updated.length > 0;
}

export type StripeEventOutcome = "applied" | "unchanged" | "duplicate" | "ignored";

const INTENT_EVENTS = new Set(["payment_intent.succeeded", "payment_intent.payment_failed"]);
const REFUND_EVENTS = new Set(["refund.created", "refund.updated", "refund.failed", "charge.refund.updated"]);

/** The card an intent was paid with, for the receipt; best effort, outside any transaction. */
async function cardOfIntent(intent: Stripe.PaymentIntent): Promise<{ brand: string; last4: string } | null> {
  const method = intent.payment_method;
  if (method && typeof method !== "string") return method.card ? { brand: method.card.brand, last4: method.card.last4 } : null;
  const stripe = getStripe();
  if (!method || !stripe) return null;
  try {
    const found = await stripe.paymentMethods.retrieve(method);
    return found.card ? { brand: found.card.brand, last4: found.card.last4 } : null;
  } catch {
    return null;
  }
}

/**
 * Applies a verified Stripe event exactly once: its id is stored in the same transaction as its
 * effect, so a redelivery (or twenty at once) finds the id taken and changes nothing.
 */
export async function applyStripeEvent(db: Db, event: Stripe.Event): Promise<StripeEventOutcome> {
  const isRefund = REFUND_EVENTS.has(event.type);
  if (!INTENT_EVENTS.has(event.type) && !isRefund) return "ignored";
  const intent = event.data.object as Stripe.PaymentIntent;
  const card = event.type === "payment_intent.succeeded" ? await cardOfIntent(intent) : null;
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (recorded.length === 0) return "duplicate";
    const changed = isRefund
      ? await applyRefundUpdate(tx, event.data.object as Stripe.Refund)
      : event.type === "payment_intent.succeeded"
        ? await completeCardPayment(tx, intent, card)
        : await failCardPayment(tx, intent);
    return changed ? "applied" : "unchanged";
  });
}
