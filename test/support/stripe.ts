import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, expect, vi } from "vitest";
import { getDb } from "../../src/server/db";
import { payments } from "../../src/server/db/schema";
import { handleStripeWebhook } from "../../src/server/http/stripe-webhook-handler";
import { type StandInCard, startStripeStandIn, type StripeStandIn } from "../doubles/stripe-stand-in";
import { setEnv } from "./env";
import { insertVisit } from "../fixtures/portal-data";
import { createCustomer, customerCookie, rest, staffCookie, stripeStandInEnv } from "./helpers";

/**
 * The Stripe stand-in for one test file (call it at the file's top level): the app's Stripe
 * settings point at it before each test, with `webhookSecret` when the file signs events, and are
 * cleared once the file's tests are done. `quiet` keeps the payment jobs' info lines out of the output.
 */
export async function useStripeStandIn({ webhookSecret, quiet = false }: { webhookSecret?: string; quiet?: boolean } = {}) {
  const stripe = await startStripeStandIn();
  if (quiet) {
    beforeAll(() => {
      vi.spyOn(console, "info").mockImplementation(() => {});
    });
    afterAll(() => {
      vi.restoreAllMocks();
    });
  }
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

/** The JSON body of a Stripe event of `type` about `object`, with a new event id each call. */
export function stripeEventPayload(type: string, object: unknown) {
  events += 1;
  return JSON.stringify({
    id: `evt_test_${events}_${Date.now()}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}

/**
 * A payment intent as a payment_intent.succeeded event (charged in full) or a
 * payment_intent.payment_failed one (the card declined) carries it.
 */
export function paymentIntentObject(intentId: string, amount: number, outcome: "succeeded" | "failed") {
  const succeeded = outcome === "succeeded";
  return {
    id: intentId,
    object: "payment_intent",
    amount,
    amount_received: succeeded ? amount : 0,
    currency: "usd",
    status: succeeded ? "succeeded" : "requires_payment_method",
    latest_charge: succeeded ? `ch_${intentId}` : null,
    last_payment_error: succeeded ? null : { message: "Your card was declined." },
    metadata: {},
  };
}

/**
 * An event of `type` about `object`, signed with `secret` as Stripe signs it; the function returned
 * delivers it to the webhook handler, the same event each time it is called.
 */
export function signedStripeEvent(type: string, object: unknown, secret: string) {
  const payload = stripeEventPayload(type, object);
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

/**
 * A portal customer with autopay on and `card` saved through a SetupIntent, as the Payment Element
 * would, and the pending payment staff completing one of their visits left.
 */
export async function autopayPayment(stripe: StripeStandIn, card: StandInCard) {
  const { customer } = await createCustomer({ password: "autopay-owner-1" });
  const cookie = await customerCookie(customer.id);
  const setup = await rest("POST", "/customer/cards/setup", { headers: { cookie } });
  stripe.completeSetupIntent((setup.json.clientSecret as string).split("_secret_")[0]!, card);
  expect((await rest("PUT", "/customer/autopay", { body: { enabled: true }, headers: { cookie } })).status).toBe(200);
  const visit = await insertVisit(customer.id, -2);
  const staff = await staffCookie();
  const completed = await rest("PATCH", `/schedules/visits/${visit.id}/status`, {
    body: { status: "completed" },
    headers: { cookie: staff },
  });
  expect(completed.status).toBe(200);
  const [payment] = await (await getDb()).select().from(payments).where(eq(payments.visitId, visit.id));
  return { customer, cookie, payment: payment! };
}
