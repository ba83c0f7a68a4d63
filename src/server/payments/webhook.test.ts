import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleStripeWebhook as POST } from "@/server/http/stripe-webhook-handler";
import { getDb } from "@/server/db";
import { payments, stripeEvents } from "@/server/db/schema";
import { createCustomer } from "#test/support/helpers";
import { setEnv } from "#test/support/env";
import { paymentIntentObject, stripeEventPayload } from "#test/support/stripe";

const WEBHOOK_SECRET = "whsec_test_comms_secret";
const signer = new Stripe("sk_test_signer_only");
let eventCounter = 0;

beforeAll(() => {
  setEnv({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
});
afterAll(() => {
  setEnv({ STRIPE_WEBHOOK_SECRET: undefined });
});

async function cardPayment(amount = 3000) {
  const { customer } = await createCustomer();
  const intentId = `pi_webhook_${Date.now()}_${eventCounter++}`;
  const [payment] = await (await getDb())
    .insert(payments)
    .values({ customerId: customer.id, amount, status: "pending", method: "card", stripePaymentIntent: intentId })
    .returning();
  return { payment: payment!, intentId };
}

function intentEvent(type: "payment_intent.succeeded" | "payment_intent.payment_failed", intentId: string, amount: number) {
  return stripeEventPayload(type, paymentIntentObject(intentId, amount, type === "payment_intent.succeeded" ? "succeeded" : "failed"));
}

function deliver(payload: string, options: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
  const header =
    options.signature === undefined
      ? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp })
      : options.signature;
  const headers = new Headers({ "content-type": "application/json" });
  if (header !== null) headers.set("stripe-signature", header);
  return POST(new Request("http://localhost/api/webhooks/stripe", { method: "POST", headers, body: payload }));
}

async function statusOf(paymentId: number) {
  const [row] = await (await getDb()).select().from(payments).where(eq(payments.id, paymentId));
  return row!;
}

describe("POST /api/webhooks/stripe", () => {
  it("refuses a bad signature, a stale timestamp, a wrong secret and a missing header with 400", async () => {
    const { payment, intentId } = await cardPayment();
    const payload = intentEvent("payment_intent.succeeded", intentId, payment.amount);

    const tampered = await deliver(payload.replace('"amount":3000', '"amount":1'), {
      signature: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    });
    const stale = await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 60 * 60 });
    const wrongSecret = await deliver(payload, { secret: "whsec_someone_else" });
    const missing = await deliver(payload, { signature: null });

    for (const response of [tampered, stale, wrongSecret, missing]) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/signature/i);
    }
    expect((await statusOf(payment.id)).status).toBe("pending");
  });

  it("completes the payment once when the same event arrives 20 times at once", async () => {
    const { payment, intentId } = await cardPayment();
    const payload = intentEvent("payment_intent.succeeded", intentId, payment.amount);
    const eventId = (JSON.parse(payload) as { id: string }).id;

    const responses = await Promise.all(Array.from({ length: 20 }, () => deliver(payload)));
    const outcomes = await Promise.all(responses.map(async (response) => ((await response.json()) as { outcome: string }).outcome));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(outcomes.filter((outcome) => outcome === "applied")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "duplicate")).toHaveLength(19);

    const settled = await statusOf(payment.id);
    expect(settled).toMatchObject({ status: "completed", stripePaymentId: `ch_${intentId}` });
    expect(await (await getDb()).select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).toHaveLength(1);
  });

  it("ends completed when the failure arrives after the success", async () => {
    const { payment, intentId } = await cardPayment();
    await deliver(intentEvent("payment_intent.succeeded", intentId, payment.amount));
    const late = await deliver(intentEvent("payment_intent.payment_failed", intentId, payment.amount));
    expect(((await late.json()) as { outcome: string }).outcome).toBe("unchanged");
    expect((await statusOf(payment.id)).status).toBe("completed");
  });

  it("ends completed when a success follows a failure (another card worked)", async () => {
    const { payment, intentId } = await cardPayment();
    await deliver(intentEvent("payment_intent.payment_failed", intentId, payment.amount));
    const failed = await statusOf(payment.id);
    expect(failed.status).toBe("failed");
    expect(failed.metadata).toMatchObject({ failureMessage: "Your card was declined." });

    await deliver(intentEvent("payment_intent.succeeded", intentId, payment.amount));
    expect((await statusOf(payment.id)).status).toBe("completed");
  });

  it("ends completed whichever of a success and a failure is applied first when both race", async () => {
    const { payment, intentId } = await cardPayment();
    await Promise.all([
      deliver(intentEvent("payment_intent.payment_failed", intentId, payment.amount)),
      deliver(intentEvent("payment_intent.succeeded", intentId, payment.amount)),
    ]);
    expect((await statusOf(payment.id)).status).toBe("completed");
  });

  it("acknowledges events it does not act on, and leaves cash payments alone", async () => {
    const ignored = await deliver(JSON.stringify({ id: "evt_other", object: "event", type: "customer.created", data: { object: {} } }));
    expect(ignored.status).toBe(200);
    expect(((await ignored.json()) as { outcome: string }).outcome).toBe("ignored");

    const { payment, intentId } = await cardPayment();
    await (await getDb()).update(payments).set({ method: "cash" }).where(eq(payments.id, payment.id));
    await deliver(intentEvent("payment_intent.payment_failed", intentId, payment.amount));
    expect((await statusOf(payment.id)).status).toBe("pending");
  });
});
