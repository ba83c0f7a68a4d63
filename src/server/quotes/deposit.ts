import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { payments, quoteAcceptances } from "@/server/db/schema";
import { ConflictError } from "@/server/errors";
import { defaultCardOf } from "@/server/payments/cards";
import { createQuoteDepositIntent } from "@/server/payments/intent";
import { payWithSavedCard } from "@/server/payments/pay-with-saved-card";
import { finishAcceptance } from "./accept-quote";
import { openQuote, type QuoteAccess } from "./quote-access";
import { QUOTE_DECLINED } from "./quotes";

/**
 * The card payment of the deposit the customer's acceptance waits for, started from the quote's
 * page or My Account. The charge is the payment record's amount; the quote is accepted only when
 * the card provider's webhook confirms it (src/server/payments/settle.ts). docs/product-rules.md#quotes
 */
export async function startQuoteDeposit(db: Db, access: QuoteAccess, now = new Date()) {
  return createQuoteDepositIntent(db, await depositDue(db, access, now));
}

/**
 * The payment of the deposit the quote's acceptance waits for; 409 when none is due, or when the
 * customer declined the quote (410 past its last day, from openQuote).
 */
async function depositDue(db: Db, access: QuoteAccess, now: Date): Promise<number> {
  const { quote } = await openQuote(db, access, now);
  if (quote.status === "declined") throw new ConflictError(QUOTE_DECLINED);
  const [acceptance] = await db
    .select({ paymentId: quoteAcceptances.paymentId })
    .from(quoteAcceptances)
    .where(and(eq(quoteAcceptances.quoteId, quote.id), eq(quoteAcceptances.status, "awaiting_deposit")));
  if (!acceptance?.paymentId) throw new ConflictError("No deposit is due on this quote. Accept it first.");
  return acceptance.paymentId;
}

/**
 * In My Account, the deposit paid with the account's saved card (src/server/payments/pay-with-saved-card.ts);
 * once the charge goes through the quote is accepted at once, as the webhook would.
 */
export async function payQuoteDepositWithSavedCard(db: Db, access: { customerId: number; quoteId: number }, now = new Date()) {
  const paymentId = await depositDue(db, access, now);
  const paid = await payWithSavedCard(db, access.customerId, paymentId);
  if (paid.status === "completed") await settleQuoteDeposit(db, paymentId, now);
  return paid;
}

/**
 * The account's saved card the quote's page offers for the deposit, in My Account: only while the
 * deposit is due, nothing has started paying it, and the account has a default card. Never fails
 * the page: without an answer from the card provider it offers the card form alone.
 */
export async function savedCardForDeposit(db: Db, customerId: number, quoteId: number) {
  const [payment] = await db
    .select({ customerId: payments.customerId, status: payments.status, stripePaymentIntent: payments.stripePaymentIntent })
    .from(quoteAcceptances)
    .innerJoin(payments, eq(payments.id, quoteAcceptances.paymentId))
    .where(and(eq(quoteAcceptances.quoteId, quoteId), eq(quoteAcceptances.status, "awaiting_deposit")));
  if (!payment || payment.customerId !== customerId || payment.status === "completed" || payment.stripePaymentIntent) return null;
  const card = await defaultCardOf(db, customerId).catch(() => null);
  return card ? { brand: card.brand, last4: card.last4 } : null;
}

/**
 * Accepts the quotes whose deposit this card payment intent paid, once the payment is completed.
 * Idempotent: the Stripe webhook calls it after every delivery of a success (a replay included, so
 * a crash between the payment and the acceptance heals on the next delivery), and the quote's page
 * calls it too, for a payment completed by asking Stripe when webhooks are not set up.
 */
export async function settleQuoteDepositOfIntent(db: Db, intentId: string, now = new Date()) {
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.stripePaymentIntent, intentId), eq(payments.status, "completed")));
  if (payment) await settleQuoteDeposit(db, payment.id, now);
}

/** Accepts the quote waiting for this payment, when the payment is completed. */
export async function settleQuoteDeposit(db: Db, paymentId: number, now = new Date()) {
  await db.transaction(async (tx) => {
    const [paid] = await tx
      .select({ acceptanceId: quoteAcceptances.id })
      .from(quoteAcceptances)
      .innerJoin(payments, eq(payments.id, quoteAcceptances.paymentId))
      .where(
        and(eq(quoteAcceptances.paymentId, paymentId), eq(quoteAcceptances.status, "awaiting_deposit"), eq(payments.status, "completed")),
      );
    if (paid) await finishAcceptance(tx, paid.acceptanceId, now);
  });
}

/**
 * The quote's page (by its link or in My Account) asks before it shows the quote: a deposit
 * completed by asking the card provider (the return page, or no webhook set up) accepts the quote
 * here, as the webhook would have.
 */
export async function settleQuoteDepositOf(db: Db, access: QuoteAccess, now = new Date()) {
  const { quote } = await openQuote(db, access, now);
  const [waiting] = await db
    .select({ paymentId: quoteAcceptances.paymentId })
    .from(quoteAcceptances)
    .where(and(eq(quoteAcceptances.quoteId, quote.id), eq(quoteAcceptances.status, "awaiting_deposit")));
  if (waiting?.paymentId) await settleQuoteDeposit(db, waiting.paymentId, now);
}
