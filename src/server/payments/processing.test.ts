import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { emailOutbox, payments } from "@/server/db/schema";
import { createCustomer, rest, staffCookie } from "#test/support/helpers";
import { autopayPayment, signedStripeEvent, useStripeStandIn } from "#test/support/stripe";
import { chargeAutopay } from "./autopay";

/**
 * A charge Stripe reports as `processing` has neither failed nor gone through. The
 * payment stays pending, nobody is told it "did not go through", and the webhook settles it.
 */
const WEBHOOK_SECRET = "whsec_test_processing";
const stripe = await useStripeStandIn({ webhookSecret: WEBHOOK_SECRET, quiet: true });
let staff: string;

beforeAll(async () => {
  staff = await staffCookie();
});

const deliver = (type: string, object: unknown) => signedStripeEvent(type, object, WEBHOOK_SECRET)();

async function row(paymentId: number) {
  const [found] = await (await getDb()).select().from(payments).where(eq(payments.id, paymentId));
  return found!;
}

async function emailKinds(address: string) {
  return (await (await getDb()).select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.to, address))).map(
    (email) => email.kind,
  );
}

/** An autopay customer whose saved card's charges come back `processing`, and one completed visit. */
const processingAutopayPayment = () => autopayPayment(stripe, "processing");

describe("a charge that is processing", () => {
  it("keeps an autopay charge pending without a word to the customer, and settles it when the webhook says it succeeded", async () => {
    const { customer, cookie, payment } = await processingAutopayPayment();
    await chargeAutopay(await getDb(), payment.id);

    const waiting = await row(payment.id);
    expect(waiting.status).toBe("pending");
    const intent = stripe.intents.get(waiting.stripePaymentIntent!)!;
    expect(intent.status).toBe("processing");
    expect(waiting.metadata).not.toHaveProperty("actionNeeded");
    expect(waiting.metadata).not.toHaveProperty("failureMessage");
    expect(await emailKinds(customer.email)).not.toContain("autopay_action_needed");

    // Neither the portal nor the office sees a charge that needs the customer.
    const portal = await rest("GET", "/customer/payments", { headers: { cookie } });
    expect(portal.json).toEqual([expect.objectContaining({ id: payment.id, status: "pending", actionNeeded: null })]);
    const owed = await rest("GET", "/payments/owed", { headers: { cookie: staff } });
    expect((owed.json.failedAutopay as Array<{ paymentId: number }>).map((one) => one.paymentId)).not.toContain(payment.id);

    // Pay cannot start a second payment of money already on its way.
    const pay = await rest("POST", `/customer/payments/${payment.id}/intent`, { body: {}, headers: { cookie } });
    expect(pay.status).toBe(409);
    expect(pay.json.message).toBe("This payment is being processed. It will show as paid once the card company confirms it.");

    // The job run again changes nothing; the webhook settles it.
    await chargeAutopay(await getDb(), payment.id);
    expect(await emailKinds(customer.email)).not.toContain("autopay_action_needed");
    stripe.setIntentStatus(intent.id, "succeeded");
    expect((await deliver("payment_intent.succeeded", intent)).status).toBe(200);
    expect((await row(payment.id)).status).toBe("completed");
  });

  it("is reported as processing on the return screen and by a refresh, even for a payment whose earlier try failed", async () => {
    const { customer } = await createCustomer();
    const created = await rest("POST", "/payments", { body: { customerId: customer.id, amount: 2500 }, headers: { cookie: staff } });
    const started = await rest("POST", "/create-payment-intent", {
      body: { amount: 25, customerId: customer.id, paymentId: created.json.id },
      headers: { cookie: staff },
    });
    const intentId = (await row(created.json.id as number)).stripePaymentIntent!;

    // The first card is declined: the payment is failed.
    stripe.setIntentStatus(intentId, "requires_payment_method", "Your card was declined.");
    expect((await rest("POST", `/payments/${created.json.id}/refresh`, { body: {}, headers: { cookie: staff } })).json.status).toBe(
      "failed",
    );

    // The customer tries again with another card, and Stripe says processing.
    stripe.setIntentStatus(intentId, "processing");
    const returned = await rest("POST", "/card-payments/return-status", {
      body: { paymentIntent: intentId, clientSecret: started.json.clientSecret },
    });
    expect(returned.status).toBe(200);
    expect(returned.json).toEqual({ paymentId: created.json.id, amount: 2500, status: "pending", message: null });
    const refreshed = await rest("POST", `/payments/${created.json.id}/refresh`, { body: {}, headers: { cookie: staff } });
    expect(refreshed.json.status).toBe("pending");
    expect(refreshed.json.metadata).not.toHaveProperty("failureMessage");

    // A late failure event for the processing charge is what fails it again.
    stripe.setIntentStatus(intentId, "requires_payment_method", "The bank refused the payment.");
    expect((await deliver("payment_intent.payment_failed", stripe.intents.get(intentId))).status).toBe(200);
    expect(await row(created.json.id as number)).toMatchObject({
      status: "failed",
      metadata: { failureMessage: "The bank refused the payment." },
    });
  });
});
