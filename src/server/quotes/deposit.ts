import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { payments, quoteAcceptances } from "@/server/db/schema";
import { ConflictError } from "@/server/errors";
import { createQuoteDepositIntent } from "@/server/payments/intent";
import { finishAcceptance } from "./accept-quote";
import { openQuote, type QuoteAccess } from "./quote-access";

/**
 * The card payment of the deposit the customer's acceptance waits for, started from the quote's
 * page or My Account. The charge is the payment record's amount; the quote is accepted only when
 * the card provider's webhook confirms it (src/server/payments/settle.ts). docs/product-rules.md#quotes
 */
export async function startQuoteDeposit(db: Db, access: QuoteAccess, now = new Date()) {
  const { quote } = await openQuote(db, access, now);
  const [acceptance] = await db
    .select({ paymentId: quoteAcceptances.paymentId })
    .from(quoteAcceptances)
    .where(and(eq(quoteAcceptances.quoteId, quote.id), eq(quoteAcceptances.status, "awaiting_deposit")));
  if (!acceptance?.paymentId) throw new ConflictError("No deposit is due on this quote. Accept it first.");
  return createQuoteDepositIntent(db, acceptance.paymentId);
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
