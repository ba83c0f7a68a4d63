import Stripe from "stripe";
import { ServiceUnavailableError, UnauthorizedError } from "@/server/errors";
import { stripeSettings } from "./config";

// Stripe's own default: a signature older than five minutes is a replay.
const SIGNATURE_TOLERANCE_SECONDS = 300;

// Verifying needs only the secret, not an API client; this one is never used for calls.
const verifier = new Stripe("sk_webhook_verification_only");

export class WebhookSignatureError extends UnauthorizedError {}

/**
 * The event, once its signature over the raw body checks out with our webhook secret and its
 * timestamp is recent. Throws WebhookSignatureError otherwise.
 */
export function verifyStripeEvent(rawBody: string, signatureHeader: string | null, now = Date.now()): Stripe.Event {
  const { webhookSecret } = stripeSettings();
  if (!webhookSecret) throw new ServiceUnavailableError("Stripe webhooks are not configured");
  if (!signatureHeader) throw new WebhookSignatureError("Missing Stripe-Signature header");
  try {
    return verifier.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret, SIGNATURE_TOLERANCE_SECONDS, undefined, now);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : "invalid signature";
    throw new WebhookSignatureError(`Webhook signature verification failed: ${reason}`);
  }
}
