import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "@/server/db";
import { billingProfiles, customers } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";
import { LIMITS } from "@/server/auth/limits";
import { enforceLimit } from "@/server/auth/rate-limit";
import { describeStripeFailure, requireStripe } from "@/server/stripe/client";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";

export const CARD_NOT_FOUND = "Saved card not found";

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}

/** The customer's billing profile, if a Stripe Customer was ever made for them. */
export async function findBillingProfile(db: Db, customerId: number) {
  const [profile] = await db.select().from(billingProfiles).where(eq(billingProfiles.customerId, customerId));
  return profile ?? null;
}

/**
 * The Stripe Customer that keeps this customer's cards, made on first use. The idempotency key
 * makes two first uses at once create one Stripe Customer; the insert keeps the first row.
 */
export async function ensureStripeCustomer(db: Db, stripe: Stripe, customerId: number): Promise<string> {
  const existing = await findBillingProfile(db, customerId);
  if (existing) return existing.stripeCustomerId;
  const [customer] = await db
    .select({ fullName: customers.fullName, email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  const created = await stripe.customers.create(
    { name: customer.fullName, email: customer.email, metadata: { customerId: String(customerId) } },
    { idempotencyKey: `customer-${customerId}-stripe-customer` },
  );
  await db.insert(billingProfiles).values({ customerId, stripeCustomerId: created.id }).onConflictDoNothing();
  return (await findBillingProfile(db, customerId))!.stripeCustomerId;
}

/**
 * A SetupIntent for the Payment Element: the card is saved by Stripe for later off-session charges.
 * Each one is a call to Stripe, so an account may start only so many an hour (429 past that).
 */
export async function createCardSetup(db: Db, customerId: number): Promise<{ clientSecret: string }> {
  const stripe = requireStripe();
  await enforceLimit(db, LIMITS.cardSetupsPerAccount, String(customerId));
  try {
    const stripeCustomerId = await ensureStripeCustomer(db, stripe, customerId);
    const setup = await stripe.setupIntents.create({
      customer: stripeCustomerId,
      usage: "off_session",
      allowed_payment_method_types: ["card"],
      metadata: { customerId: String(customerId) },
    });
    if (!setup.client_secret) throw new Error("The payment provider answered without a client secret");
    return { clientSecret: setup.client_secret };
  } catch (error) {
    if (error instanceof NotFoundError) throw error;
    throw describeStripeFailure(error);
  }
}

function defaultMethodId(customer: Stripe.Customer | Stripe.DeletedCustomer): string | null {
  if (customer.deleted) return null;
  const chosen = customer.invoice_settings?.default_payment_method;
  return typeof chosen === "string" ? chosen : (chosen?.id ?? null);
}

/**
 * The customer's saved cards, newest first. The default is the one chosen, or else the newest:
 * a customer with one card never has to choose it.
 */
export async function listSavedCards(db: Db, customerId: number): Promise<SavedCard[]> {
  const profile = await findBillingProfile(db, customerId);
  if (!profile) return [];
  const stripe = requireStripe();
  try {
    const [methods, customer] = await Promise.all([
      stripe.paymentMethods.list({ customer: profile.stripeCustomerId, type: "card", limit: 20 }),
      stripe.customers.retrieve(profile.stripeCustomerId),
    ]);
    const cards = methods.data.filter((method) => method.card);
    const chosen = defaultMethodId(customer);
    const defaultId = cards.some((card) => card.id === chosen) ? chosen : (cards[0]?.id ?? null);
    return cards.map((method) => ({
      id: method.id,
      brand: method.card!.brand,
      last4: method.card!.last4,
      expMonth: method.card!.exp_month,
      expYear: method.card!.exp_year,
      isDefault: method.id === defaultId,
    }));
  } catch (error) {
    throw describeStripeFailure(error);
  }
}

/** The card an off-session charge uses, or null when none is saved. */
export async function defaultCardOf(db: Db, customerId: number): Promise<(SavedCard & { stripeCustomerId: string }) | null> {
  const profile = await findBillingProfile(db, customerId);
  if (!profile) return null;
  const card = (await listSavedCards(db, customerId)).find((saved) => saved.isDefault);
  return card ? { ...card, stripeCustomerId: profile.stripeCustomerId } : null;
}

/** Only a card of this customer: anyone else's card id answers 404, as an unknown one does. */
async function assertOwnCard(db: Db, customerId: number, cardId: string) {
  const cards = await listSavedCards(db, customerId);
  if (!cards.some((card) => card.id === cardId)) throw new NotFoundError(CARD_NOT_FOUND);
  return (await findBillingProfile(db, customerId))!;
}

export async function removeSavedCard(db: Db, customerId: number, cardId: string): Promise<SavedCard[]> {
  await assertOwnCard(db, customerId, cardId);
  try {
    await requireStripe().paymentMethods.detach(cardId);
  } catch (error) {
    throw describeStripeFailure(error);
  }
  return listSavedCards(db, customerId);
}

export async function chooseDefaultCard(db: Db, customerId: number, cardId: string): Promise<SavedCard[]> {
  const profile = await assertOwnCard(db, customerId, cardId);
  try {
    await requireStripe().customers.update(profile.stripeCustomerId, { invoice_settings: { default_payment_method: cardId } });
  } catch (error) {
    throw describeStripeFailure(error);
  }
  return listSavedCards(db, customerId);
}
