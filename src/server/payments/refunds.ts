import { and, desc, eq, gt, ne, sum } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "@/server/db";
import { paymentRefunds, payments, type RefundStatus } from "@/server/db/schema";
import { ConflictError, InvalidInputError, NotFoundError } from "@/server/errors";
import { formatCents } from "@/lib/money";
import { describeStripeFailure, requireStripe } from "@/server/stripe/client";
import { getPayment } from "./queries";
import { PAYMENT_NOT_FOUND } from "@/lib/validation/not-found";

export const ONLY_COMPLETED_CARD_PAYMENTS = "Only a completed card payment can be refunded";

/** Money refunded or on its way back: refunds Stripe has not refused. */
async function refundedSoFar(db: Db, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(paymentRefunds.amount) })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), ne(paymentRefunds.status, "failed")));
  return Number(row?.total ?? 0);
}

export function listRefunds(db: Db, paymentId: number) {
  return db
    .select({
      id: paymentRefunds.id,
      amount: paymentRefunds.amount,
      reason: paymentRefunds.reason,
      status: paymentRefunds.status,
      createdAt: paymentRefunds.createdAt,
      confirmedAt: paymentRefunds.confirmedAt,
    })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId))
    .orderBy(desc(paymentRefunds.id));
}

/**
 * A refund asked again within this time with the same reason (and amount, when one is given) is
 * the same request sent twice, a double click: it answers what the first did and refunds nothing more.
 */
const SAME_REQUEST_MS = 60_000;

/**
 * Asks Stripe to refund a completed card payment, whole (no amount) or in part, with a reason.
 * The refund is kept as pending and counts once the webhook confirms it. Refunds of one payment
 * are serialized: the payment's row stays locked from the check of what is left to refund until
 * the refund is recorded, so two refunds at once cannot both pass the check.
 */
export async function refundPayment(db: Db, input: { paymentId: number; amount?: number; reason: string; staffUserId: number | null }) {
  await db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for("update");
    if (!payment) throw new NotFoundError(PAYMENT_NOT_FOUND);
    if (payment.method !== "card" || payment.status !== "completed" || !payment.stripePaymentIntent) {
      throw new ConflictError(ONLY_COMPLETED_CARD_PAYMENTS);
    }
    const [repeated] = await tx
      .select({ id: paymentRefunds.id })
      .from(paymentRefunds)
      .where(
        and(
          eq(paymentRefunds.paymentId, payment.id),
          eq(paymentRefunds.reason, input.reason),
          input.amount === undefined ? undefined : eq(paymentRefunds.amount, input.amount),
          ne(paymentRefunds.status, "failed"),
          gt(paymentRefunds.createdAt, new Date(Date.now() - SAME_REQUEST_MS)),
        ),
      )
      .limit(1);
    if (repeated) return;

    const left = payment.amount - (await refundedSoFar(tx, payment.id));
    const amount = input.amount ?? left;
    if (left <= 0) throw new ConflictError("This payment has already been refunded in full");
    if (amount > left) throw new InvalidInputError(`The refund cannot be more than the ${formatCents(left)} not yet refunded`, "amount");

    const stripe = requireStripe();
    let refund: Stripe.Refund;
    try {
      refund = await stripe.refunds.create(
        {
          payment_intent: payment.stripePaymentIntent,
          amount,
          reason: "requested_by_customer",
          metadata: { paymentId: String(payment.id), reason: input.reason },
        },
        // A retry of this very call is one refund; a later one for the rest is another.
        { idempotencyKey: `payment-${payment.id}-refund-${left}-${amount}` },
      );
    } catch (error) {
      throw describeStripeFailure(error);
    }
    await tx
      .insert(paymentRefunds)
      .values({
        paymentId: payment.id,
        stripeRefundId: refund.id,
        amount: refund.amount,
        reason: input.reason,
        requestedByUserId: input.staffUserId,
      })
      .onConflictDoNothing({ target: paymentRefunds.stripeRefundId });
  });
  // Stripe may already say succeeded; the webhook is still what records it.
  return { payment: await getPayment(db, input.paymentId), refunds: await listRefunds(db, input.paymentId) };
}

function refundStatusOf(refund: Stripe.Refund): RefundStatus | null {
  if (refund.status === "succeeded") return "succeeded";
  if (refund.status === "failed" || refund.status === "canceled") return "failed";
  return null;
}

/** The webhook's word on a refund: a single guarded UPDATE, so a confirmed refund is recorded once. */
export async function applyRefundUpdate(db: Db, refund: Stripe.Refund): Promise<boolean> {
  const status = refundStatusOf(refund);
  if (!status) return false;
  const updated = await db
    .update(paymentRefunds)
    .set({ status, confirmedAt: new Date() })
    .where(and(eq(paymentRefunds.stripeRefundId, refund.id), eq(paymentRefunds.status, "pending")))
    .returning({ id: paymentRefunds.id });
  return updated.length > 0;
}
