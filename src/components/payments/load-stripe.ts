"use client";

import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

// Stripe.js comes from Stripe's servers; where they cannot be reached the card form must say so
// instead of spinning forever (ARCHITECTURE.md, offline pitfalls).
const LOAD_TIMEOUT_MS = 15_000;

import { BUSINESS } from "@/lib/business";

/** What staff read when the card form cannot load: they can take the money another way. */
export const STRIPE_UNAVAILABLE_MESSAGE =
  "The secure card form could not be loaded from the payment provider. Check the internet connection and try again, or record a cash or check payment.";

/** What customers read instead: they cannot record a payment, but they can call. */
export const CUSTOMER_STRIPE_UNAVAILABLE_MESSAGE = `The secure card form could not be loaded from the payment provider. Check your internet connection and try again, or call us at ${BUSINESS.phone}.`;

const loading = new Map<string, Promise<Stripe>>();

/** Stripe.js for a publishable key, loaded once; a failed load is forgotten so Retry tries again. */
export function loadStripeOnce(publishableKey: string): Promise<Stripe> {
  const existing = loading.get(publishableKey);
  if (existing) return existing;
  const attempt = new Promise<Stripe>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(STRIPE_UNAVAILABLE_MESSAGE)), LOAD_TIMEOUT_MS);
    loadStripe(publishableKey)
      .then((stripe) => (stripe ? resolve(stripe) : reject(new Error(STRIPE_UNAVAILABLE_MESSAGE))))
      .catch(() => reject(new Error(STRIPE_UNAVAILABLE_MESSAGE)))
      .finally(() => clearTimeout(timer));
  });
  loading.set(publishableKey, attempt);
  attempt.catch(() => loading.delete(publishableKey));
  return attempt;
}
