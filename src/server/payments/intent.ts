import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "@/server/db";
import { payments } from "@/server/db/schema";
import { ConflictError, InvalidInputError, NotFoundError } from "@/server/errors";
import { describeStripeFailure, requireStripe } from "@/server/stripe/client";
import { formatCents } from "@/lib/money";
import { completeCardPayment } from "./settle";
import { getCustomerPayment } from "@/server/payments/customer-payments";
import { assertCustomerExists, getCustomerPaymentRow, type PaymentRow } from "./queries";
import { PAYMENT_NOT_FOUND } from "@/lib/validation/not-found";

export const PAYMENT_ALREADY_COMPLETED = "This payment has already been completed";
export const NOT_A_CARD_PAYMENT = "Only card payments can be paid by card";
export const PAYMENT_PROCESSING = "This payment is being processed. It will show as paid once the card company confirms it.";

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
 * shows can be paid: one the account does not own stays hidden, and paying it would reveal its
 * amount (or pay for someone else's visit).
 */
export async function createCustomerPaymentIntent(db: Db, customerId: number, paymentId: number): Promise<PaymentIntentAnswer> {
  // Only a payment the account owns (docs/product-rules.md#who-owns-a-visit): the portal's own reader decides.
  await getCustomerPayment(db, customerId, paymentId);
  const payment = await getCustomerPaymentRow(db, customerId, paymentId);
  const stripe = requireStripe();
  return intentForPayment(db, stripe, payment);
}

/**
 * A quote's deposit, paid from the quote's page: its link is the customer's proof, checked by the
 * caller (src/server/quotes/deposit.ts), so no account is needed.
 */
export async function createQuoteDepositIntent(db: Db, paymentId: number): Promise<PaymentIntentAnswer> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new NotFoundError(PAYMENT_NOT_FOUND);
  return intentForPayment(db, requireStripe(), payment);
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
 * Pay and the autopay job must never both reach Stripe for one payment: the job's off-session
 * charge and the customer's own intent would be two charges. Whoever means to ask Stripe for the
 * payment's intent first writes a claim into its `metadata` under the row lock (SELECT ... FOR
 * UPDATE), and the intent is stored only where none is stored yet. A fresh claim of the other
 * kind keeps it away: Pay is refused while the job's charge is in flight, and the job waits
 * while the customer is starting a payment. A claim lapses, so a caller that died leaves nothing
 * stuck for good.
 */
export interface IntentClaim {
  /** The autopay job, the card form (Pay), or the customer paying with their saved card. */
  by: "autopay" | "pay" | "saved-card";
  at: string;
}

/**
 * The job's claim outlives its whole retry schedule (charge-autopay retries after 1, 2, 4, 8 and 16
 * minutes, each attempt renewing the claim): a charge whose answer was lost is only known when a
 * retry replays it with the same idempotency key, and Pay must not start another meanwhile.
 */
export const AUTOPAY_CLAIM_MS = 45 * 60_000;
/** Pay's claim covers one intent creation with the SDK's timeouts and retries (3 x 20 s). */
export const PAY_CLAIM_MS = 2 * 60_000;

export const AUTOPAY_CHARGE_IN_PROGRESS =
  "Your saved card is being charged for this payment right now. Please check again in a few minutes.";
export const SAVED_CARD_CHARGE_IN_PROGRESS = "Your saved card is being charged for this payment right now. Please wait a moment.";

/** The claim on a payment's intent still in force, or null. */
export function activeIntentClaim(metadata: unknown, now = new Date()): IntentClaim | null {
  const claim = (metadata as { intentClaim?: Partial<IntentClaim> } | null)?.intentClaim;
  if (!claim || (claim.by !== "autopay" && claim.by !== "pay" && claim.by !== "saved-card") || typeof claim.at !== "string") return null;
  const age = now.getTime() - new Date(claim.at).getTime();
  const lasts = claim.by === "autopay" ? AUTOPAY_CLAIM_MS : PAY_CLAIM_MS;
  return Number.isFinite(age) && age < lasts ? { by: claim.by, at: claim.at } : null;
}

/** The payment row, locked until the transaction ends. */
export async function lockPayment(tx: Db, paymentId: number): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  return row ?? null;
}

/** Writes `by`'s claim into the locked row's metadata. */
export async function writeIntentClaim(tx: Db, paymentId: number, by: IntentClaim["by"], now = new Date()): Promise<void> {
  const claim: IntentClaim = { by, at: now.toISOString() };
  await tx
    .update(payments)
    .set({ metadata: sql`coalesce(${payments.metadata}, '{}'::jsonb) || ${JSON.stringify({ intentClaim: claim })}::jsonb` })
    .where(eq(payments.id, paymentId));
}

/** The metadata with the claim taken out, for the update that stores the intent. */
export const metadataWithoutClaim = sql`coalesce(${payments.metadata}, '{}'::jsonb) - 'intentClaim'`;

/**
 * Stripe refused `by`'s request before charging, so no intent exists: its claim goes, and another
 * attempt may start at once. Only that claim, and only while no intent is stored.
 */
export async function releaseIntentClaim(db: Db, paymentId: number, by: IntentClaim["by"]): Promise<void> {
  await db
    .update(payments)
    .set({ metadata: metadataWithoutClaim })
    .where(
      and(eq(payments.id, paymentId), isNull(payments.stripePaymentIntent), sql`${payments.metadata} -> 'intentClaim' ->> 'by' = ${by}`),
    );
}

/**
 * Under the row lock: the intent already stored, or this request's claim to make one. Refused
 * when the payment is completed or the autopay job is charging it.
 */
async function claimForPay(db: Db, paymentId: number): Promise<{ storedIntent: string | null }> {
  return db.transaction(async (tx) => {
    const row = await lockPayment(tx, paymentId);
    if (!row) throw new NotFoundError(PAYMENT_NOT_FOUND);
    if (row.status === "completed") throw new ConflictError(PAYMENT_ALREADY_COMPLETED);
    if (row.stripePaymentIntent) return { storedIntent: row.stripePaymentIntent };
    const active = activeIntentClaim(row.metadata)?.by;
    if (active === "autopay") throw new ConflictError(AUTOPAY_CHARGE_IN_PROGRESS);
    // The saved card's charge is a second intent: the card form waits until it is stored.
    if (active === "saved-card") throw new ConflictError(SAVED_CARD_CHARGE_IN_PROGRESS);
    await writeIntentClaim(tx, paymentId, "pay");
    return { storedIntent: null };
  });
}

/**
 * The intent for a payment: the one already made for it when it can still be paid, else a new
 * one for the record's amount. A failed payment can be retried with the same intent.
 */
async function intentForPayment(db: Db, stripe: Stripe, payment: PaymentRow, attempt = 0): Promise<PaymentIntentAnswer> {
  if (payment.method !== "card") throw new ConflictError(NOT_A_CARD_PAYMENT);
  if (payment.status === "completed") throw new ConflictError(PAYMENT_ALREADY_COMPLETED);
  const { storedIntent } = await claimForPay(db, payment.id);

  let intent: Stripe.PaymentIntent;
  let clientSecret: string;
  try {
    let idempotencyKey = intentIdempotencyKey(payment.id);
    if (storedIntent) {
      const existing = await stripe.paymentIntents.retrieve(storedIntent);
      if (existing.status === "succeeded") {
        // The webhook has not arrived yet: settle now rather than charge twice.
        await completeCardPayment(db, existing);
        throw new ConflictError(PAYMENT_ALREADY_COMPLETED);
      }
      // Money already on its way: paying again could charge twice.
      if (existing.status === "processing") throw new ConflictError(PAYMENT_PROCESSING);
      if (existing.status !== "canceled" && existing.client_secret) {
        return { clientSecret: existing.client_secret, paymentId: payment.id, amount: payment.amount };
      }
      // A canceled intent cannot be paid; its replacement needs a key of its own.
      idempotencyKey = `${idempotencyKey}-replaces-${existing.id}`;
    }

    intent = await stripe.paymentIntents.create(
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
    clientSecret = intent.client_secret;
  } catch (error) {
    if (error instanceof ConflictError) throw error;
    throw describeStripeFailure(error);
  }

  // Stored only over what this request saw: a concurrent Pay with the same key made the same intent.
  const stored = await db
    .update(payments)
    .set({ stripePaymentIntent: intent.id, metadata: metadataWithoutClaim, updatedAt: new Date() })
    .where(
      and(
        eq(payments.id, payment.id),
        storedIntent ? eq(payments.stripePaymentIntent, storedIntent) : isNull(payments.stripePaymentIntent),
      ),
    )
    .returning({ id: payments.id });
  if (stored.length === 0) {
    const [now] = await db.select({ stripePaymentIntent: payments.stripePaymentIntent }).from(payments).where(eq(payments.id, payment.id));
    // Another intent was stored meanwhile (only after a lapsed claim): this one was never handed out; pay the stored one.
    if (now?.stripePaymentIntent !== intent.id) {
      if (attempt > 0) throw new ConflictError("This payment changed while it was being started. Please try again.");
      return intentForPayment(db, stripe, payment, attempt + 1);
    }
  }
  return { clientSecret, paymentId: payment.id, amount: payment.amount };
}
