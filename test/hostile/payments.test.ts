import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/server/db";
import { payments } from "@/server/db/schema";
import { chargeAutopay } from "@/server/payments/autopay";
import { startStripeStandIn, type StandInCard, type StripeStandIn } from "../doubles/stripe-stand-in";
import { LIMITS } from "@/server/auth/limits";
import { createCustomer, customerCookie, fromAddress, rest, staffCookie } from "../support/helpers";
import { insertVisit } from "../fixtures/portal-data";
import { setEnv } from "../support/env";

/**
 * Payments that never surprise the customer: the races and floods an attacker (or an
 * unlucky customer) can set off with the API alone, replayed against the local Stripe stand-in.
 */
let stripe: StripeStandIn;
let staff: string;

beforeAll(async () => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  stripe = await startStripeStandIn();
  staff = await staffCookie();
});
beforeEach(() => {
  setEnv({ STRIPE_SECRET_KEY: "sk_test_standin", STRIPE_PUBLISHABLE_KEY: "pk_test_standin", STRIPE_API_BASE_URL: stripe.url });
});
afterAll(async () => {
  setEnv({ STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_API_BASE_URL: undefined });
  await stripe.close();
  vi.restoreAllMocks();
});

/** A portal customer with a saved card and autopay on, as the portal sets them up. */
async function autopayCustomer(card: StandInCard = "visa") {
  const { customer } = await createCustomer({ password: "attack-owner-1" });
  const cookie = await customerCookie(customer.id);
  const setup = await rest("POST", "/customer/cards/setup", { headers: { cookie } });
  expect(setup.status).toBe(200);
  stripe.completeSetupIntent((setup.json.clientSecret as string).split("_secret_")[0]!, card);
  const autopay = await rest("PUT", "/customer/autopay", { body: { enabled: true }, headers: { cookie } });
  expect(autopay.status).toBe(200);
  return { customer, cookie };
}

/** A visit marked completed by staff: with autopay on, its pending card payment is recorded. */
async function completedVisitPayment(customerId: number, hoursAgo: number) {
  const visit = await insertVisit(customerId, -hoursAgo);
  const done = await rest("PATCH", `/schedules/visits/${visit.id}/status`, { body: { status: "completed" }, headers: { cookie: staff } });
  expect(done.status).toBe(200);
  const [payment] = await (await getDb()).select().from(payments).where(eq(payments.visitId, visit.id));
  expect(payment).toMatchObject({ status: "pending", method: "card" });
  return payment!;
}

function intentsOf(paymentId: number) {
  return [...stripe.intents.values()].filter((intent) => intent.metadata.paymentId === String(paymentId));
}

async function paymentRow(paymentId: number) {
  const [row] = await (await getDb()).select().from(payments).where(eq(payments.id, paymentId));
  return row!;
}

describe("Pay racing the autopay job", () => {
  it("never makes two charges for one payment, however the portal's Pay and the job interleave", async () => {
    const { customer, cookie } = await autopayCustomer("visa");
    const db = await getDb();
    for (let round = 0; round < 6; round += 1) {
      const payment = await completedVisitPayment(customer.id, 2 + round * 3);
      // Either side may start a moment later, so the rounds see different interleavings.
      const lag = (side: number) => new Promise((resolve) => setTimeout(resolve, round % 2 === side ? (round % 3) * 3 : 0));
      const [pay, job] = await Promise.allSettled([
        lag(0).then(() => rest("POST", `/customer/payments/${payment.id}/intent`, { body: {}, headers: { cookie } })),
        lag(1).then(() => chargeAutopay(db, payment.id)),
      ]);
      // The queue runs the job again (a retry, or a second worker): still the one intent.
      await chargeAutopay(db, payment.id).catch(() => {});
      const intents = intentsOf(payment.id);
      const where = `round ${round}: pay ${pay.status === "fulfilled" ? `${pay.value.status} ${pay.value.text.slice(0, 160)}` : String(pay.reason)}, job ${job.status === "fulfilled" ? "ran" : String(job.reason)}`;
      expect(
        intents.map((intent) => intent.id),
        where,
      ).toHaveLength(1);
      const row = await paymentRow(payment.id);
      expect(row.stripePaymentIntent, where).toBe(intents[0]!.id);
      if (pay.status === "fulfilled" && pay.value.status === 200) {
        // Pay won: the job stood down, and the customer holds the one intent there is.
        expect(pay.value.json.clientSecret, where).toBe(intents[0]!.client_secret);
        expect(intents[0]!.off_session, where).toBe(false);
      } else {
        // The job won: Pay was refused with a plain word, and the saved card was charged once.
        expect(pay.status === "fulfilled" && pay.value.status, where).toBe(409);
        expect(row.status, where).toBe("completed");
      }
    }
  });

  it("refuses Pay with 409 while the job holds the payment, and lets it pay once the job has left it to the customer", async () => {
    const { customer, cookie } = await autopayCustomer("declined");
    const payment = await completedVisitPayment(customer.id, 30);
    const db = await getDb();
    // The job has claimed the payment and is waiting on Stripe.
    await db
      .update(payments)
      .set({ metadata: { autopay: true, intentClaim: { by: "autopay", at: new Date().toISOString() } } })
      .where(eq(payments.id, payment.id));
    const refused = await rest("POST", `/customer/payments/${payment.id}/intent`, { body: {}, headers: { cookie } });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe("Your saved card is being charged for this payment right now. Please check again in a few minutes.");
    expect(intentsOf(payment.id)).toHaveLength(0);

    // The charge is declined: the payment waits for the customer, who pays with the same intent.
    await chargeAutopay(db, payment.id);
    const [declined] = intentsOf(payment.id);
    expect(declined?.status).toBe("requires_payment_method");
    const pay = await rest("POST", `/customer/payments/${payment.id}/intent`, { body: {}, headers: { cookie } });
    expect(pay.status).toBe(200);
    expect(pay.json.clientSecret).toBe(declined!.client_secret);
    expect(intentsOf(payment.id)).toHaveLength(1);
  });
});

describe("two refunds of one payment at once", () => {
  async function chargedPayment() {
    const { customer } = await autopayCustomer("visa");
    const payment = await completedVisitPayment(customer.id, 4);
    await chargeAutopay(await getDb(), payment.id);
    expect((await paymentRow(payment.id)).status).toBe("completed");
    return payment;
  }
  const refund = (paymentId: number, body: Record<string, unknown>) =>
    rest("POST", `/payments/${paymentId}/refunds`, { body, headers: { cookie: staff } });
  const refundsAtStripe = (intentId: string) => [...stripe.refunds.values()].filter((one) => one.payment_intent === intentId);

  it("admits one of two partial refunds whose sum is more than was paid, and tells the other why", async () => {
    for (let round = 0; round < 3; round += 1) {
      const payment = await chargedPayment();
      const answers = await Promise.all([
        refund(payment.id, { amount: 3000, reason: "Missed the back yard" }),
        refund(payment.id, { amount: 2000, reason: "Late arrival" }),
      ]);
      const where = answers.map((answer) => `${answer.status} ${answer.text.slice(0, 160)}`).join(" | ");
      const admitted = answers.filter((answer) => answer.status === 201);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(admitted, where).toHaveLength(1);
      expect(refused[0]?.status, where).toBe(400);
      const left = 4500 - (admitted[0]!.json.refunds as Array<{ amount: number }>)[0]!.amount;
      expect(refused[0]?.json.message, where).toBe(`The refund cannot be more than the $${(left / 100).toFixed(2)} not yet refunded`);
      const intentId = (await paymentRow(payment.id)).stripePaymentIntent!;
      expect(
        refundsAtStripe(intentId).reduce((sum, one) => sum + one.amount, 0),
        where,
      ).toBeLessThanOrEqual(4500);
    }
  });

  it("still makes one refund of a request sent twice at once (a double click)", async () => {
    const payment = await chargedPayment();
    const body = { amount: 1500, reason: "Missed the back yard" };
    const answers = await Promise.all([refund(payment.id, body), refund(payment.id, body)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    const intentId = (await paymentRow(payment.id)).stripePaymentIntent!;
    expect(refundsAtStripe(intentId).map((one) => one.amount)).toEqual([1500]);
    expect((await refund(payment.id, { reason: "The rest" })).json.refunds).toEqual(
      expect.arrayContaining([expect.objectContaining({ amount: 3000 })]),
    );
  });
});

describe("floods of what costs a Stripe call or an email", () => {
  /** Sends `count` requests one after another and answers their statuses in order. */
  async function flood(count: number, send: () => ReturnType<typeof rest>) {
    const answers = [];
    for (let sent = 0; sent < count; sent += 1) answers.push(await send());
    return answers;
  }

  function expectRefusedWithRetryAfter(answer: Awaited<ReturnType<typeof rest>>, message: string) {
    expect(answer.status).toBe(429);
    expect(answer.json.message).toBe(message);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
  }

  it("limits card set-ups per account, not the customer next door", async () => {
    const { customer } = await createCustomer({ password: "setup-flood-1" });
    const cookie = await customerCookie(customer.id);
    const rule = LIMITS.cardSetupsPerAccount;
    const before = stripe.setupIntents.size;
    const admitted = await flood(rule.limit, () => rest("POST", "/customer/cards/setup", { headers: { cookie } }));
    expect(admitted.map((answer) => answer.status)).toEqual(Array(rule.limit).fill(200));
    expectRefusedWithRetryAfter(await rest("POST", "/customer/cards/setup", { headers: { cookie } }), rule.message);
    expect(stripe.setupIntents.size - before).toBe(rule.limit);

    const neighbour = await customerCookie((await createCustomer({ password: "setup-flood-2" })).customer.id);
    expect((await rest("POST", "/customer/cards/setup", { headers: { cookie: neighbour } })).status).toBe(200);
  });

  it("limits POST /api/card-payments/return-status per address before Stripe is asked", async () => {
    const rule = LIMITS.paymentReturnStatusPerAddress;
    const attacker = fromAddress("203.0.113.77");
    const body = { paymentIntent: "pi_guess_1", clientSecret: "pi_guess_1_secret_abc" };
    const lookups = () => stripe.requests.filter((request) => request.path === "/v1/payment_intents/pi_guess_1").length;
    const before = lookups();
    const admitted = await flood(rule.limit, () => rest("POST", "/card-payments/return-status", { body, headers: attacker }));
    expect(admitted.map((answer) => answer.status)).toEqual(Array(rule.limit).fill(404));
    expectRefusedWithRetryAfter(await rest("POST", "/card-payments/return-status", { body, headers: attacker }), rule.message);
    expect(lookups() - before).toBe(rule.limit);

    // Someone else paying at the same time is not held up.
    expect((await rest("POST", "/card-payments/return-status", { body, headers: fromAddress("198.51.100.31") })).status).toBe(404);
  });

  it("limits portal messages per account, since each one emails the office", async () => {
    const { customer } = await createCustomer({ password: "message-flood-1" });
    const cookie = await customerCookie(customer.id);
    const rule = LIMITS.portalMessagesPerAccount;
    const admitted = await flood(rule.limit, () =>
      rest("POST", "/customer/messages", { body: { content: "Is the gate code still 1234?" }, headers: { cookie } }),
    );
    expect(admitted.map((answer) => answer.status)).toEqual(Array(rule.limit).fill(201));
    expectRefusedWithRetryAfter(
      await rest("POST", "/customer/messages", { body: { content: "One more" }, headers: { cookie } }),
      rule.message,
    );
    const conversation = await rest("GET", "/customer/messages", { headers: { cookie } });
    expect(conversation.json).toHaveLength(rule.limit);
  });
});
