import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { customers, payments } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";
import { createCustomerPaymentIntent } from "./intent";
import { createCustomer, customerCookie, rest, staffCookie } from "#test/support/helpers";
import { setEnv } from "#test/support/env";
import { useStripeStandIn } from "#test/support/stripe";

const stripe = await useStripeStandIn();
let staff: string;

beforeAll(async () => {
  staff = await staffCookie();
});

/** Staff ask for a card payment's intent. */
const createIntent = (body: Record<string, unknown>) => rest("POST", "/create-payment-intent", { body, headers: { cookie: staff } });

async function pendingPayment(customerId: number, amount: number) {
  const response = await rest("POST", "/payments", { body: { customerId, amount, status: "pending" }, headers: { cookie: staff } });
  expect(response.status).toBe(201);
  return response.json as { id: number; status: string; amount: number };
}

function intentCreations() {
  return stripe.requests.filter((request) => request.method === "POST" && request.path === "/v1/payment_intents");
}

describe("payment records", () => {
  it("creates a pending card payment in cents and lists it in the customer's history", async () => {
    const { customer } = await createCustomer();
    const created = await pendingPayment(customer.id, 3529);
    expect(created).toMatchObject({
      status: "pending",
      amount: 3529,
      method: "card",
      customerName: customer.fullName,
      stripePaymentId: null,
    });

    const history = await rest("GET", `/payments?customerId=${customer.id}`, { headers: { cookie: staff } });
    expect(history.status).toBe(200);
    expect(history.json).toEqual([expect.objectContaining({ id: created.id, status: "pending" })]);
  });

  it("refuses a browser's attempt to create or set a card payment as completed", async () => {
    const { customer } = await createCustomer();
    const completed = await rest("POST", "/payments", {
      body: { customerId: customer.id, amount: 5000, status: "completed" },
      headers: { cookie: staff },
    });
    expect(completed.status).toBe(400);
    expect(completed.json.message).toBe("New payments start as pending; card payments are completed only by the payment provider");

    const { id } = await pendingPayment(customer.id, 5000);
    for (const method of ["PUT", "PATCH"]) {
      const update = await rest(method, `/payments/${id}`, { body: { status: "completed" }, headers: { cookie: staff } });
      expect(update.status).toBeGreaterThanOrEqual(400);
    }
    const offlineCard = await rest("POST", "/payments/offline", {
      body: { customerId: customer.id, amount: 5000, method: "card" },
      headers: { cookie: staff },
    });
    expect(offlineCard.status).toBe(400);
    const [row] = await (await getDb()).select().from(payments).where(eq(payments.id, id));
    expect(row?.status).toBe("pending");
  });

  it("records cash and check payments as completed at once, with the method", async () => {
    const { customer } = await createCustomer();
    const cash = await rest("POST", "/payments/offline", {
      body: { customerId: customer.id, amount: 4000, method: "cash" },
      headers: { cookie: staff },
    });
    expect(cash.status).toBe(201);
    expect(cash.json).toMatchObject({ status: "completed", method: "cash", amount: 4000 });
    const check = await rest("POST", "/payments/offline", {
      body: { customerId: customer.id, amount: 2500, method: "check", reference: "1042" },
      headers: { cookie: staff },
    });
    expect(check.json).toMatchObject({ status: "completed", method: "check", metadata: expect.objectContaining({ reference: "1042" }) });
  });

  it("answers 404 for an unknown customer and needs staff", async () => {
    expect((await rest("POST", "/payments", { body: { customerId: 999999, amount: 100 }, headers: { cookie: staff } })).status).toBe(404);
    expect((await rest("GET", "/payments?customerId=1")).status).toBe(401);
    expect((await rest("GET", "/payments?customerId=1", { headers: { cookie: await customerCookie() } })).status).toBe(401);
  });
});

describe("POST /api/create-payment-intent", () => {
  it("charges the record's amount with an idempotency key per payment and stores the intent", async () => {
    const { customer } = await createCustomer();
    const payment = await pendingPayment(customer.id, 3529);
    const before = intentCreations().length;

    const response = await createIntent({ amount: 35.29, customerId: customer.id });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ clientSecret: expect.stringContaining("_secret_"), paymentId: payment.id, amount: 3529 });

    const [created] = intentCreations().slice(before);
    expect(created?.params.get("amount")).toBe("3529");
    expect(created?.params.get("currency")).toBe("usd");
    expect(created?.params.get("metadata[paymentId]")).toBe(String(payment.id));
    expect(created?.idempotencyKey).toBe(`payment-${payment.id}-intent`);

    const [row] = await (await getDb()).select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.stripePaymentIntent).toMatch(/^pi_standin_/);

    // Asking again reuses the intent instead of creating another.
    const again = await createIntent({ amount: 35.29, customerId: customer.id, paymentId: payment.id });
    expect(again.json.clientSecret).toBe(response.json.clientSecret);
    expect(intentCreations().length).toBe(before + 1);
  });

  it("creates one intent when the same payment is asked for twice at once", async () => {
    const { customer } = await createCustomer();
    const payment = await pendingPayment(customer.id, 1200);
    const body = { amount: 12, customerId: customer.id, paymentId: payment.id };
    const [first, second] = await Promise.all([createIntent(body), createIntent(body)]);
    expect(first.json.clientSecret).toBe(second.json.clientSecret);
    expect(
      new Set([...stripe.intents.values()].filter((intent) => intent.metadata.paymentId === String(payment.id)).map((i) => i.id)).size,
    ).toBe(1);
  });

  it("refuses an amount that is not the record's, a missing record and someone else's payment", async () => {
    const { customer } = await createCustomer();
    const other = await createCustomer();
    const payment = await pendingPayment(customer.id, 5000);

    const mismatch = await createIntent({ amount: 1, customerId: customer.id, paymentId: payment.id });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.message).toBe("The amount does not match the payment record ($50.00)");

    const none = await createIntent({ amount: 77, customerId: customer.id });
    expect(none.status).toBe(404);
    expect(none.json.message).toContain("No pending payment of $77.00");

    const foreign = await createIntent({ amount: 50, customerId: other.customer.id, paymentId: payment.id });
    expect(foreign.status).toBe(404);

    const invalid = await createIntent({ amount: 0, customerId: customer.id });
    expect(invalid.status).toBe(400);
    expect(invalid.json.message).toBe("Please enter a valid amount");
  });

  it("answers 503 'Card payments are not configured' without a secret key, while records still work", async () => {
    setEnv({ STRIPE_SECRET_KEY: undefined });
    const { customer } = await createCustomer();
    const payment = await pendingPayment(customer.id, 900);
    const response = await createIntent({ amount: 9, customerId: customer.id, paymentId: payment.id });
    expect(response.status).toBe(503);
    expect(response.json.message).toBe("Card payments are not configured");

    const config = await rest("GET", "/card-payments/config");
    expect(config.json).toEqual({ enabled: false, publishableKey: "pk_test_standin" });
  });

  it("explains a provider that cannot be reached instead of failing with 500", async () => {
    setEnv({ STRIPE_API_BASE_URL: "http://127.0.0.1:9" });
    const { customer } = await createCustomer();
    const payment = await pendingPayment(customer.id, 900);
    const response = await createIntent({ amount: 9, customerId: customer.id, paymentId: payment.id });
    expect(response.status).toBe(503);
    expect(response.json.message).toBe("The payment provider could not be reached. Please try again in a moment.");
  });
});

describe("customer card payments", () => {
  it("starts paying the customer's own pending payment and answers 404 for anyone else's", async () => {
    const { customer } = await createCustomer({ password: "customer-pass" });
    const other = await createCustomer();
    const own = await pendingPayment(customer.id, 6000);
    const foreign = await pendingPayment(other.customer.id, 6000);
    const cookie = await customerCookie(customer.id);

    const response = await rest("POST", `/customer/payments/${own.id}/intent`, { body: {}, headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ paymentId: own.id, amount: 6000, clientSecret: expect.any(String) });

    const refused = await rest("POST", `/customer/payments/${foreign.id}/intent`, { body: {}, headers: { cookie } });
    expect(refused.status).toBe(404);
    expect(refused.json.message).toBe("Payment not found");
    expect((await rest("POST", `/customer/payments/${own.id}/intent`, { body: {}, headers: { cookie: staff } })).status).toBe(401);
  });

  it("will not pay a payment the portal hides: before the email is confirmed the domain function answers not found", async () => {
    const { customer } = await createCustomer({ password: "customer-pass" });
    const hidden = await pendingPayment(customer.id, 5200);
    const db = await getDb();
    // A record claimed by registering, email not confirmed yet: its payments stay hidden.
    await db.update(customers).set({ isVerified: false, registeredAt: new Date() }).where(eq(customers.id, customer.id));
    const before = intentCreations().length;

    await expect(createCustomerPaymentIntent(db, customer.id, hidden.id)).rejects.toThrow(new NotFoundError("Payment not found"));
    const response = await rest("POST", `/customer/payments/${hidden.id}/intent`, {
      body: {},
      headers: { cookie: await customerCookie(customer.id) },
    });
    expect(response.status).toBe(404);
    expect(intentCreations().length).toBe(before);

    await db.update(customers).set({ isVerified: true }).where(eq(customers.id, customer.id));
    await expect(createCustomerPaymentIntent(db, customer.id, hidden.id)).resolves.toMatchObject({ paymentId: hidden.id, amount: 5200 });
  });

  it("refuses to start paying a cash payment or a completed one", async () => {
    const { customer } = await createCustomer({ password: "customer-pass" });
    const cash = await rest("POST", "/payments/offline", {
      body: { customerId: customer.id, amount: 4000, method: "cash" },
      headers: { cookie: staff },
    });
    const response = await rest("POST", `/customer/payments/${cash.json.id}/intent`, {
      body: {},
      headers: { cookie: await customerCookie(customer.id) },
    });
    expect(response.status).toBe(409);
    expect(response.json.message).toBe("Only card payments can be paid by card");
  });
});

describe("refresh and the return screen", () => {
  it("re-reads the intent from Stripe and settles the payment without a webhook", async () => {
    const { customer } = await createCustomer();
    const payment = await pendingPayment(customer.id, 4200);
    const intent = await createIntent({ amount: 42, customerId: customer.id });
    const [row] = await (await getDb()).select().from(payments).where(eq(payments.id, payment.id));

    const unchanged = await rest("POST", `/payments/${payment.id}/refresh`, { body: {}, headers: { cookie: staff } });
    expect(unchanged.json.status).toBe("pending");

    stripe.setIntentStatus(row!.stripePaymentIntent!, "succeeded");
    const refreshed = await rest("POST", `/payments/${payment.id}/refresh`, { body: {}, headers: { cookie: staff } });
    expect(refreshed.json).toMatchObject({ status: "completed", stripePaymentId: `ch_for_${row!.stripePaymentIntent}` });

    // The return screen proves the payment with the client secret, not with a session.
    const wrongSecret = await rest("POST", "/card-payments/return-status", {
      body: { paymentIntent: row!.stripePaymentIntent, clientSecret: "pi_x_secret_y" },
    });
    expect(wrongSecret.status).toBe(404);
    const unknown = await rest("POST", "/card-payments/return-status", {
      body: { paymentIntent: "pi_nobody", clientSecret: "pi_nobody_secret_y" },
    });
    expect(unknown.status).toBe(404);
    const status = await rest("POST", "/card-payments/return-status", {
      body: { paymentIntent: row!.stripePaymentIntent, clientSecret: intent.json.clientSecret },
    });
    expect(status.json).toEqual({ paymentId: payment.id, amount: 4200, status: "completed", message: null });
  });

  it("records a declined card as failed with the provider's message", async () => {
    const { customer } = await createCustomer();
    const payment = await pendingPayment(customer.id, 1500);
    await createIntent({ amount: 15, customerId: customer.id });
    const [row] = await (await getDb()).select().from(payments).where(eq(payments.id, payment.id));
    stripe.setIntentStatus(row!.stripePaymentIntent!, "requires_payment_method", "Your card was declined.");
    const refreshed = await rest("POST", `/payments/${payment.id}/refresh`, { body: {}, headers: { cookie: staff } });
    expect(refreshed.json).toMatchObject({ status: "failed", metadata: { failureMessage: "Your card was declined." } });
  });
});
