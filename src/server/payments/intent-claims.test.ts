import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/server/db";
import { payments } from "@/server/db/schema";
import { getStripe } from "@/server/stripe/client";
import { rest, staffCookie } from "#test/support/helpers";
import { autopayPayment, useStripeStandIn } from "#test/support/stripe";
import { chargeAutopay } from "./autopay";
import { activeIntentClaim, AUTOPAY_CLAIM_MS, PAY_CLAIM_MS } from "./intent";

/** The claim Pay and the autopay job take on a payment before either asks Stripe for its intent. */
const stripe = await useStripeStandIn({ quiet: true });
let staff: string;

beforeAll(async () => {
  staff = await staffCookie();
});

const visaAutopayPayment = () => autopayPayment(stripe, "visa");

async function setClaim(paymentId: number, by: "autopay" | "pay", ageMs: number) {
  const at = new Date(Date.now() - ageMs).toISOString();
  await (await getDb())
    .update(payments)
    .set({ metadata: { autopay: true, intentClaim: { by, at } } })
    .where(eq(payments.id, paymentId));
}

async function row(paymentId: number) {
  const [found] = await (await getDb()).select().from(payments).where(eq(payments.id, paymentId));
  return found!;
}

const intentsOf = (paymentId: number) => [...stripe.intents.values()].filter((intent) => intent.metadata.paymentId === String(paymentId));

describe("activeIntentClaim", () => {
  const now = new Date("2030-05-01T12:00:00Z");
  const claim = (by: string, ageMs: number) => ({ intentClaim: { by, at: new Date(now.getTime() - ageMs).toISOString() } });

  it("holds while fresh and lapses after its kind's time", () => {
    expect(activeIntentClaim(claim("autopay", AUTOPAY_CLAIM_MS - 1000), now)).toMatchObject({ by: "autopay" });
    expect(activeIntentClaim(claim("autopay", AUTOPAY_CLAIM_MS), now)).toBeNull();
    expect(activeIntentClaim(claim("pay", PAY_CLAIM_MS - 1000), now)).toMatchObject({ by: "pay" });
    expect(activeIntentClaim(claim("pay", PAY_CLAIM_MS), now)).toBeNull();
  });

  it("ignores metadata that holds no claim or a malformed one", () => {
    for (const metadata of [
      null,
      {},
      { intentClaim: null },
      { intentClaim: { by: "someone", at: now.toISOString() } },
      { intentClaim: { by: "pay", at: "not a date" } },
    ]) {
      expect(activeIntentClaim(metadata, now)).toBeNull();
    }
  });
});

describe("the claim before Stripe is asked", () => {
  it("keeps the job away while the customer is starting a payment, and lets it charge once that claim has lapsed", async () => {
    const { payment } = await visaAutopayPayment();
    const db = await getDb();
    await setClaim(payment.id, "pay", 1000);
    await expect(chargeAutopay(db, payment.id)).rejects.toThrow("is being paid by the customer");
    expect(intentsOf(payment.id)).toHaveLength(0);

    await setClaim(payment.id, "pay", PAY_CLAIM_MS + 1000);
    await chargeAutopay(db, payment.id);
    expect(intentsOf(payment.id)).toHaveLength(1);
    const charged = await row(payment.id);
    expect(charged.status).toBe("completed");
    expect(charged.metadata).not.toHaveProperty("intentClaim");
  });

  it("lets Pay start once the job's claim has lapsed, and drops Pay's claim when the intent is stored", async () => {
    const { payment, cookie } = await visaAutopayPayment();
    await setClaim(payment.id, "autopay", AUTOPAY_CLAIM_MS + 1000);
    const pay = await rest("POST", `/customer/payments/${payment.id}/intent`, { body: {}, headers: { cookie } });
    expect(pay.status).toBe(200);
    const stored = await row(payment.id);
    expect(stored.stripePaymentIntent).toBe(intentsOf(payment.id)[0]?.id);
    expect(stored.metadata).not.toHaveProperty("intentClaim");
  });

  it("releases the job's claim when Stripe refused the charge itself, and keeps it when the answer was lost", async () => {
    const { payment, cookie } = await visaAutopayPayment();
    const db = await getDb();
    const create = vi.spyOn(getStripe()!.paymentIntents, "create");

    create.mockRejectedValueOnce(new Stripe.errors.StripeConnectionError({ message: "socket hang up" }));
    await expect(chargeAutopay(db, payment.id)).rejects.toThrow("could not be reached");
    expect(activeIntentClaim((await row(payment.id)).metadata)).toMatchObject({ by: "autopay" });
    // The charge may have gone through: Pay waits for the job's retry to learn the outcome.
    expect((await rest("POST", `/customer/payments/${payment.id}/intent`, { body: {}, headers: { cookie } })).status).toBe(409);

    create.mockRejectedValueOnce(new Stripe.errors.StripeInvalidRequestError({ message: "No such PaymentMethod" }));
    await expect(chargeAutopay(db, payment.id)).rejects.toThrow("refused the request");
    expect((await row(payment.id)).metadata).not.toHaveProperty("intentClaim");
    create.mockRestore();
    expect((await rest("POST", `/customer/payments/${payment.id}/intent`, { body: {}, headers: { cookie } })).status).toBe(200);
  });
});
