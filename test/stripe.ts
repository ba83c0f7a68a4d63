import Stripe from "stripe";
import { afterAll, beforeEach } from "vitest";
import { handleStripeWebhook } from "../src/server/http/stripe-webhook-handler";
import { startStripeStandIn, type StripeStandIn } from "./doubles/stripe-stand-in";
import { setEnv } from "./env";
import { stripeStandInEnv } from "./helpers";

/**
 * The Stripe stand-in for one test file (call it at the file's top level): the app's Stripe
 * settings point at it before each test, with `webhookSecret` when the file signs events, and are
 * cleared once the file's tests are done.
 */
export async function useStripeStandIn(webhookSecret?: string): Promise<StripeStandIn> {
  const stripe = await startStripeStandIn();
  beforeEach(() => {
    setEnv(stripeStandInEnv(stripe.url, webhookSecret));
  });
  afterAll(async () => {
    setEnv(stripeStandInEnv(undefined, webhookSecret));
    await stripe.close();
  });
  return stripe;
}

const signer = new Stripe("sk_test_signer_only");
let events = 0;

/**
 * An event of `type` about `object`, signed with `secret` as Stripe signs it; the function returned
 * delivers it to the webhook handler, the same event each time it is called.
 */
export function signedStripeEvent(type: string, object: unknown, secret: string) {
  events += 1;
  const payload = JSON.stringify({
    id: `evt_test_${events}_${Date.now()}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return () =>
    handleStripeWebhook(
      new Request("http://localhost/api/webhooks/stripe", {
        method: "POST",
        body: payload,
        headers: {
          "content-type": "application/json",
          "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret }),
        },
      }),
    );
}
