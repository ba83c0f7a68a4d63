import Stripe from "stripe";
import { ServiceUnavailableError } from "@/server/errors";
import { CARD_PAYMENTS_NOT_CONFIGURED, stripeSettings } from "./config";

let cached: { signature: string; client: Stripe } | undefined;

/** The Stripe client for the current settings, or null when no secret key is set. */
export function getStripe(): Stripe | null {
  const { secretKey, apiBaseUrl } = stripeSettings();
  if (!secretKey) return null;
  const signature = `${secretKey}|${apiBaseUrl ?? ""}`;
  if (cached?.signature !== signature) cached = { signature, client: createStripeClient(secretKey, apiBaseUrl) };
  return cached.client;
}

/** Like getStripe, for the calls that cannot work without it: answers 503 when card payments are off. */
export function requireStripe(): Stripe {
  const stripe = getStripe();
  if (!stripe) throw new ServiceUnavailableError(CARD_PAYMENTS_NOT_CONFIGURED);
  return stripe;
}

function createStripeClient(secretKey: string, apiBaseUrl: string | undefined): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: "GreenScape Austin" } };
  if (apiBaseUrl) {
    const url = new URL(apiBaseUrl);
    config.host = url.hostname;
    config.port = url.port || (url.protocol === "http:" ? 80 : 443);
    config.protocol = url.protocol === "http:" ? "http" : "https";
    // A stand-in answers at once; retries would only hide its mistakes.
    config.maxNetworkRetries = 0;
  }
  return new Stripe(secretKey, config);
}

/** A Stripe failure in words for staff and customers, without the provider's internals. */
export function describeStripeFailure(error: unknown): ServiceUnavailableError {
  if (error instanceof Stripe.errors.StripeAuthenticationError) {
    return new ServiceUnavailableError("Card payments are misconfigured: the payment provider refused our key.");
  }
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) {
    return new ServiceUnavailableError("The payment provider could not be reached. Please try again in a moment.");
  }
  if (error instanceof Stripe.errors.StripeError) {
    return new ServiceUnavailableError(`The payment provider refused the request: ${error.message}`);
  }
  return new ServiceUnavailableError("The payment provider could not be reached. Please try again in a moment.");
}

/** Stripe refused the request itself, so nothing was charged and another attempt may start at once. */
export function refusedBeforeCharging(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  );
}

/** The intent a card error carries (a decline, or a card that needs its owner), if it is one. */
export function intentOfCardError(error: unknown): Stripe.PaymentIntent | undefined {
  return error instanceof Stripe.errors.StripeCardError
    ? (error.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent
    : undefined;
}
