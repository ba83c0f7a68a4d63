import { and, eq, isNull, sql } from "drizzle-orm";
import Stripe from "stripe";
import type { Db } from "@/server/db";
import { billingProfiles, payments, services, visits, type AutopayConsent } from "@/server/db/schema";
import { ConflictError, InvalidInputError } from "@/server/errors";
import { emit, type EventOf } from "@/server/events/emit";
import { enqueueJob } from "@/server/jobs/job-queue";
import { chargeAutopayQueue } from "./autopay-queue";
import { formatBusinessDate } from "@/lib/business-time";
import { describeStripeFailure, getStripe, intentOfCardError, refusedBeforeCharging, requireStripe } from "@/server/stripe/client";
import { defaultCardOf, findBillingProfile } from "./cards";
import { activeIntentClaim, lockPayment, metadataWithoutClaim, releaseIntentClaim, writeIntentClaim } from "./intent";
import { completeCardPayment } from "./settle";
import { isPlanOwned } from "@/server/ownership/ownership";

export const AUTOPAY_NEEDS_CARD = "Save a card before turning on autopay";
export const AUTOPAY_NEEDS_CONSENT = "Write down how the customer agreed to autopay";

/** One visit, one charge: Stripe answers every retry with this key with the first charge. */
export function autopayIdempotencyKey(visitId: number): string {
  return `visit-${visitId}-autopay`;
}

export interface AutopayState {
  enabled: boolean;
  consent: AutopayConsent | null;
}

export async function autopayState(db: Db, customerId: number): Promise<AutopayState> {
  const profile = await findBillingProfile(db, customerId);
  return { enabled: profile?.autopay ?? false, consent: profile?.autopay ? (profile.autopayConsent ?? null) : null };
}

/**
 * Turns autopay on or off. On needs a saved card; when staff turn it on they write down how the
 * customer agreed, which is kept with the setting.
 */
export async function setAutopay(
  db: Db,
  customerId: number,
  input: { enabled: boolean; by: "customer" | "staff"; staffUserId?: number | null; consentNote?: string | null },
): Promise<AutopayState> {
  if (!input.enabled) {
    await db
      .update(billingProfiles)
      .set({ autopay: false, autopayConsent: null, updatedAt: new Date() })
      .where(eq(billingProfiles.customerId, customerId));
    return autopayState(db, customerId);
  }
  requireStripe();
  if (input.by === "staff" && !input.consentNote?.trim()) throw new InvalidInputError(AUTOPAY_NEEDS_CONSENT, "consentNote");
  if (!(await defaultCardOf(db, customerId))) throw new ConflictError(AUTOPAY_NEEDS_CARD);
  const consent: AutopayConsent = {
    by: input.by,
    staffUserId: input.by === "staff" ? (input.staffUserId ?? null) : null,
    note: input.by === "staff" ? input.consentNote!.trim() : null,
    at: new Date().toISOString(),
  };
  await db
    .update(billingProfiles)
    .set({ autopay: true, autopayConsent: consent, updatedAt: new Date() })
    .where(eq(billingProfiles.customerId, customerId));
  return autopayState(db, customerId);
}

/**
 * The one thing a visit's completion does to payments: when the customer has autopay on, the
 * visit's payment is recorded (one per visit: `payments.visit_id` is unique) and its charge
 * queued, in the caller's transaction. Completing the same visit again adds nothing.
 */
export async function onVisitCompleted(tx: Db, { visit }: EventOf<"visit.completed">): Promise<void> {
  if (visit.totalPrice <= 0 || !getStripe()) return;
  const profile = await findBillingProfile(tx, visit.customerId);
  if (!profile?.autopay) return;
  // Only a visit the account owns is charged to its card (docs/product-rules.md#who-owns-a-visit):
  // a booking someone made under the owner's email without signing in waits for the owner.
  if (!(await isPlanOwned(tx, visit.scheduleId))) return;
  const [created] = await tx
    .insert(payments)
    .values({
      customerId: visit.customerId,
      scheduleId: visit.scheduleId,
      visitId: visit.id,
      amount: visit.totalPrice,
      status: "pending",
      method: "card",
      metadata: { autopay: true },
    })
    .onConflictDoNothing({ target: payments.visitId })
    .returning({ id: payments.id });
  if (created) await enqueueJob(tx, chargeAutopayQueue, { paymentId: created.id });
}

function jsonb(value: Record<string, unknown>) {
  return sql`coalesce(${payments.metadata}, '{}'::jsonb) || ${JSON.stringify(value)}::jsonb`;
}

/**
 * Charges a completed visit's autopay payment off-session to the default card. Safe to run any
 * number of times: a payment that already has an intent is left to the webhook, and Stripe's
 * idempotency key per visit answers a retried request with the first charge. Before Stripe is
 * asked, the job claims the payment under its row lock (see intent.ts), so the portal's Pay and
 * this charge can never both reach Stripe for one payment.
 */
export async function chargeAutopay(db: Db, paymentId: number): Promise<void> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment?.visitId || payment.status !== "pending" || payment.stripePaymentIntent) return;
  const stripe = getStripe();
  if (!stripe) return needsCustomer(db, payment, "card payments are not set up, so the saved card could not be charged.");
  const card = await defaultCardOf(db, payment.customerId);
  if (!card) return needsCustomer(db, payment, "there is no saved card to charge.");

  const claim = await db.transaction(async (tx) => {
    const row = await lockPayment(tx, payment.id);
    if (!row || row.status !== "pending" || row.stripePaymentIntent) return "settled" as const;
    // Several runs of this job may hold the claim at once: they share the idempotency key, so one charge.
    if (activeIntentClaim(row.metadata)?.by === "pay") return "customer-paying" as const;
    await writeIntentClaim(tx, row.id, "autopay");
    return "claimed" as const;
  });
  if (claim === "settled") return;
  // The queue runs the job again later: by then the customer's intent is stored (and this run
  // stands down) or their claim has lapsed.
  if (claim === "customer-paying") throw new Error(`Payment ${payment.id} is being paid by the customer; the autopay charge waits`);

  let intent: Stripe.PaymentIntent;
  let failure: string | null = null;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: payment.amount,
        currency: "usd",
        customer: card.stripeCustomerId,
        payment_method: card.id,
        off_session: true,
        confirm: true,
        description: `GreenScape Austin visit ${payment.visitId}`,
        metadata: { paymentId: String(payment.id), customerId: String(payment.customerId), visitId: String(payment.visitId) },
      },
      { idempotencyKey: autopayIdempotencyKey(payment.visitId) },
    );
  } catch (error) {
    // A card that needs the customer (authentication, a decline) answers a card error with the intent.
    const failed = intentOfCardError(error);
    if (!failed) {
      // Stripe refused the request itself, so nothing was charged: the customer may pay at once. Any
      // other failure (no answer, a server error) keeps the claim until a retry learns the outcome.
      if (refusedBeforeCharging(error)) await releaseIntentClaim(db, payment.id, "autopay");
      throw describeStripeFailure(error);
    }
    intent = failed;
    failure = error instanceof Error ? error.message : "The card was declined.";
  }

  const saved = await db
    .update(payments)
    .set({
      stripePaymentIntent: intent.id,
      metadata: sql`${metadataWithoutClaim} || ${JSON.stringify({ card: { brand: card.brand, last4: card.last4 } })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(payments.id, payment.id), isNull(payments.stripePaymentIntent)))
    .returning({ id: payments.id });
  if (saved.length === 0) return;
  if (intent.status === "succeeded") await completeCardPayment(db, intent);
  // Processing has neither failed nor gone through: the payment stays pending, and the webhook settles it.
  else if (intent.status !== "processing")
    await needsCustomer(db, payment, failure ?? intent.last_payment_error?.message ?? "the card needs your attention.");
}

/**
 * The payment stays pending with the reason and the customer sees a Pay button; announced as
 * `payment.actionNeeded`, whose notice (notifications/) tells the customer once.
 */
async function needsCustomer(db: Db, payment: typeof payments.$inferSelect, reason: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ metadata: jsonb({ failureMessage: reason, actionNeeded: true }), updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")));
    const [visit] = payment.visitId
      ? await tx
          .select({ startTime: visits.startTime, serviceName: services.name })
          .from(visits)
          .leftJoin(services, eq(services.id, visits.serviceId))
          .where(eq(visits.id, payment.visitId))
      : [];
    const visitLabel = visit ? `${visit.serviceName ?? "your visit"} on ${formatBusinessDate(visit.startTime, "MMM d, yyyy")}` : null;
    const { id, customerId, amount } = payment;
    await emit(tx, { type: "payment.actionNeeded", payment: { id, customerId, amount }, reason, visitLabel });
  });
}
