import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { emailOutbox, paymentRefunds, payments } from "@/server/db/schema";
import type { StandInCard } from "#test/doubles/stripe-stand-in";
import { createCustomer, customerCookie, rest, staffCaller, staffCookie } from "#test/support/helpers";
import { insertVisit } from "#test/fixtures/portal-data";
import { setEnv } from "#test/support/env";
import { signedStripeEvent, useStripeStandIn } from "#test/support/stripe";
import { autopayIdempotencyKey, chargeAutopay } from "./autopay";

const WEBHOOK_SECRET = "whsec_test_cards_secret";
const stripe = await useStripeStandIn({ webhookSecret: WEBHOOK_SECRET, quiet: true });
let staff: string;

beforeAll(async () => {
  staff = await staffCookie();
});

/** A portal customer with one card saved through a SetupIntent, as the Payment Element would. */
async function customerWithCard(card: StandInCard = "visa") {
  const { customer } = await createCustomer({ password: "card-owner-1" });
  const cookie = await customerCookie(customer.id);
  await saveCard(cookie, card);
  return { customer, cookie };
}

async function saveCard(cookie: string, card: StandInCard) {
  const setup = await rest("POST", "/customer/cards/setup", { headers: { cookie } });
  expect(setup.status).toBe(200);
  const setupId = (setup.json.clientSecret as string).split("_secret_")[0]!;
  expect(stripe.setupIntents.get(setupId)?.usage).toBe("off_session");
  return stripe.completeSetupIntent(setupId, card);
}

async function turnOnAutopay(cookie: string) {
  const answer = await rest("PUT", "/customer/autopay", { body: { enabled: true }, headers: { cookie } });
  expect(answer.status).toBe(200);
  expect(answer.json).toMatchObject({ enabled: true, consent: { by: "customer" } });
}

async function completeVisit(visitId: string) {
  const answer = await rest("PATCH", `/schedules/visits/${visitId}/status`, { body: { status: "completed" }, headers: { cookie: staff } });
  expect(answer.status).toBe(200);
}

async function visitPayment(visitId: string) {
  return (await getDb())
    .select()
    .from(payments)
    .where(eq(payments.visitId, Number(visitId)));
}

async function emailsTo(address: string) {
  return (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.to, address)).orderBy(emailOutbox.id);
}

const signedEvent = (type: string, object: unknown) => signedStripeEvent(type, object, WEBHOOK_SECRET);

describe("card on file", () => {
  it("saves cards with a SetupIntent against one Stripe Customer, lists them, chooses the default and removes one", async () => {
    const { customer, cookie } = await customerWithCard("visa");
    const second = await saveCard(cookie, "mastercard");
    const customerCreations = stripe.requests.filter(
      (request) => request.path === "/v1/customers" && request.params.get("metadata[customerId]") === String(customer.id),
    );
    expect(new Set(customerCreations.map((request) => request.idempotencyKey)).size).toBe(1);

    const listed = await rest("GET", "/customer/cards", { headers: { cookie } });
    expect(listed.status).toBe(200);
    expect(listed.json.configured).toBe(true);
    expect(listed.json.cards).toEqual([
      expect.objectContaining({ id: second.id, brand: "mastercard", last4: "4444", expMonth: 12, expYear: 2034, isDefault: true }),
      expect.objectContaining({ brand: "visa", last4: "4242", isDefault: false }),
    ]);
    const visaId = (listed.json.cards as Array<{ id: string }>)[1]!.id;

    const chosen = await rest("POST", `/customer/cards/${visaId}/default`, { headers: { cookie } });
    expect((chosen.json.cards as Array<{ id: string; isDefault: boolean }>).find((card) => card.id === visaId)?.isDefault).toBe(true);

    // Another customer cannot tell A's card from a card that does not exist.
    const other = await customerCookie((await createCustomer({ password: "someone-else-1" })).customer.id);
    expect((await rest("DELETE", `/customer/cards/${visaId}`, { headers: { cookie: other } })).status).toBe(404);

    const removed = await rest("DELETE", `/customer/cards/${visaId}`, { headers: { cookie } });
    expect(removed.status).toBe(200);
    expect(removed.json.cards).toEqual([expect.objectContaining({ id: second.id, isDefault: true })]);

    const staffView = await rest("GET", `/customers/${customer.id}/cards`, { headers: { cookie: staff } });
    expect(staffView.json.cards).toHaveLength(1);
  });

  it("needs a saved card for autopay, and a consent note when staff turn it on", async () => {
    const { customer } = await createCustomer({ password: "no-card-yet-1" });
    const cookie = await customerCookie(customer.id);
    const refused = await rest("PUT", "/customer/autopay", { body: { enabled: true }, headers: { cookie } });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe("Save a card before turning on autopay");

    await saveCard(cookie, "visa");
    const noNote = await rest("PUT", `/customers/${customer.id}/autopay`, { body: { enabled: true }, headers: { cookie: staff } });
    expect(noNote.status).toBe(400);
    expect(noNote.json.message).toBe("Write down how the customer agreed to autopay");
    const onByStaff = await rest("PUT", `/customers/${customer.id}/autopay`, {
      body: { enabled: true, consentNote: "Agreed by phone" },
      headers: { cookie: staff },
    });
    expect(onByStaff.json).toMatchObject({ enabled: true, consent: { by: "staff", note: "Agreed by phone" } });

    const request = await rest("POST", `/customers/${customer.id}/card-request`, { headers: { cookie: staff } });
    expect(request.status).toBe(200);
    expect((await emailsTo(customer.email)).map((email) => email.kind)).toContain("add_card_request");
  });

  it("says plainly that card payments are not set up without Stripe keys", async () => {
    const { customer } = await createCustomer({ password: "no-stripe-1" });
    const cookie = await customerCookie(customer.id);
    setEnv({ STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined });
    expect((await rest("GET", "/customer/cards", { headers: { cookie } })).json).toEqual({
      configured: false,
      cards: [],
      autopay: { enabled: false, consent: null },
    });
    const setup = await rest("POST", "/customer/cards/setup", { headers: { cookie } });
    expect(setup.status).toBe(503);
    expect(setup.json.message).toBe("Card payments are not configured");
  });
});

describe("autopay on completion", () => {
  it("charges the default card off-session once, emails a receipt and shows it in the portal", async () => {
    const { customer, cookie } = await customerWithCard("visa");
    await turnOnAutopay(cookie);
    const visit = await insertVisit(customer.id, -2);
    await completeVisit(String(visit.id));

    const [payment] = await visitPayment(String(visit.id));
    expect(payment).toMatchObject({ status: "pending", amount: 4500, method: "card", customerId: customer.id });
    await chargeAutopay(await getDb(), payment!.id);

    const charge = stripe.requests.find(
      (request) => request.path === "/v1/payment_intents" && request.idempotencyKey === autopayIdempotencyKey(visit.id),
    );
    expect(charge?.params.get("off_session")).toBe("true");
    expect(charge?.params.get("confirm")).toBe("true");
    expect(charge?.params.get("amount")).toBe("4500");
    const [settled] = await visitPayment(String(visit.id));
    expect(settled?.status).toBe("completed");

    const receipt = (await emailsTo(customer.email)).find((email) => email.kind === "receipt");
    expect(receipt?.body).toContain("$45.00");
    expect(receipt?.body).toContain("Visa ending in 4242");

    const history = await rest("GET", "/customer/payments", { headers: { cookie } });
    expect(history.json).toEqual([
      expect.objectContaining({
        id: settled!.id,
        status: "completed",
        visitId: String(visit.id),
        visit: { serviceName: "Lawn and garden visit", date: expect.any(String) },
        actionNeeded: null,
      }),
    ]);

    const portalReceipt = await rest("GET", `/customer/payments/${settled!.id}/receipt`, { headers: { cookie } });
    expect(portalReceipt.status).toBe(200);
    expect(portalReceipt.json).toMatchObject({
      amount: 4500,
      card: { brand: "visa", last4: "4242" },
      visit: { visitId: String(visit.id) },
    });

    // The webhook for the same charge arriving afterwards changes nothing and sends no second receipt.
    const intent = stripe.intents.get(settled!.stripePaymentIntent!)!;
    expect((await signedEvent("payment_intent.succeeded", intent)()).status).toBe(200);
    expect((await emailsTo(customer.email)).filter((email) => email.kind === "receipt")).toHaveLength(1);
  });

  it("gives one payment and one charge when the same completion is replayed 20 times", async () => {
    const { customer, cookie } = await customerWithCard("visa");
    await turnOnAutopay(cookie);
    const visitId = String((await insertVisit(customer.id, -3)).id);

    // Staff press "completed" twenty times, some at once, with other statuses in between.
    await Promise.all(Array.from({ length: 10 }, () => completeVisit(visitId)));
    await rest("PATCH", `/schedules/visits/${visitId}/status`, { body: { status: "confirmed" }, headers: { cookie: staff } });
    for (let replay = 0; replay < 10; replay += 1) await completeVisit(visitId);
    const rows = await visitPayment(visitId);
    expect(rows).toHaveLength(1);
    // The queue may run the charge job more than once (a retry after a lost answer): still one charge.
    const db = await getDb();
    await Promise.all(Array.from({ length: 20 }, () => chargeAutopay(db, rows[0]!.id)));
    const charges = [...stripe.intents.values()].filter((intent) => intent.metadata.visitId === visitId);
    expect(charges).toHaveLength(1);
    expect((await visitPayment(visitId))[0]?.status).toBe("completed");
  });

  it.each([
    ["authentication_required", "This transaction requires authentication."],
    ["declined", "Your card was declined."],
  ] as const)("leaves a %s charge pending with the reason, emails the customer, and the customer can pay it", async (card, reason) => {
    const { customer, cookie } = await customerWithCard(card);
    await turnOnAutopay(cookie);
    const visit = await insertVisit(customer.id, -4);
    await completeVisit(String(visit.id));
    const [payment] = await visitPayment(String(visit.id));
    await chargeAutopay(await getDb(), payment!.id);

    const [pending] = await visitPayment(String(visit.id));
    expect(pending?.status).toBe("pending");
    expect((pending?.metadata as { failureMessage: string }).failureMessage).toContain(reason);
    const email = (await emailsTo(customer.email)).find((one) => one.kind === "autopay_action_needed");
    expect(email?.subject).toBe("Action needed: your payment of $45.00 did not go through");

    // The failure webhook keeps it pending: the customer still owes it and can pay.
    const intent = stripe.intents.get(pending!.stripePaymentIntent!)!;
    expect((await signedEvent("payment_intent.payment_failed", intent)()).status).toBe(200);
    expect((await visitPayment(String(visit.id)))[0]?.status).toBe("pending");

    const pay = await rest("POST", `/customer/payments/${pending!.id}/intent`, { headers: { cookie } });
    expect(pay.status).toBe(200);
    expect(pay.json.clientSecret).toBe(intent.client_secret);
    stripe.setIntentStatus(intent.id, "succeeded");
    expect((await signedEvent("payment_intent.succeeded", intent)()).status).toBe(200);
    expect((await visitPayment(String(visit.id)))[0]?.status).toBe("completed");
  });

  it("does nothing for a customer without autopay", async () => {
    const { customer } = await customerWithCard("visa");
    const visit = await insertVisit(customer.id, -2);
    await completeVisit(String(visit.id));
    expect(await visitPayment(String(visit.id))).toEqual([]);
  });
});

describe("what the business is owed", () => {
  it("lists completed unpaid visits and failed autopay charges until they are paid", async () => {
    const { customer } = await createCustomer({ fullName: "Owes Money" });
    const visit = await insertVisit(customer.id, -5);
    await completeVisit(String(visit.id));
    const declined = await customerWithCard("declined");
    await turnOnAutopay(declined.cookie);
    const declinedVisit = await insertVisit(declined.customer.id, -6);
    await completeVisit(String(declinedVisit.id));
    const [pending] = await visitPayment(String(declinedVisit.id));
    await chargeAutopay(await getDb(), pending!.id);

    const owed = await rest("GET", "/payments/owed", { headers: { cookie: staff } });
    expect(owed.status).toBe(200);
    const unpaid = owed.json.unpaidVisits as Array<{ visitId: string; amount: number }>;
    expect(unpaid).toEqual(
      expect.arrayContaining([expect.objectContaining({ visitId: String(visit.id), amount: 4500, customerName: "Owes Money" })]),
    );
    expect(unpaid.map((one) => one.visitId)).toContain(String(declinedVisit.id));
    expect(owed.json.failedAutopay).toEqual(
      expect.arrayContaining([expect.objectContaining({ paymentId: pending!.id, reason: "Your card was declined." })]),
    );

    // The total and count cover every unpaid visit, however few the list holds; the dashboard shows the same total.
    const short = await rest("GET", "/payments/owed?limit=1", { headers: { cookie: staff } });
    expect(short.status).toBe(200);
    expect(short.json.unpaidVisits).toHaveLength(1);
    expect(short.json.unpaidCount).toBe(unpaid.length);
    expect(short.json.owedTotal).toBe(unpaid.reduce((sum, one) => sum + one.amount, 0));
    expect((await (await staffCaller()).dashboard.stats({})).owedTotal).toBe(short.json.owedTotal);
    expect((await (await staffCaller()).dashboard.stats({})).autopayNeedingCustomer).toBe((owed.json.failedAutopay as unknown[]).length);
    const refused = await rest("GET", "/payments/owed?limit=0", { headers: { cookie: staff } });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/Limit must be a whole number from 1 to 200/);

    await rest("POST", "/payments/offline", {
      body: { customerId: customer.id, amount: 4500, method: "cash", scheduleId: visit.id },
      headers: { cookie: staff },
    });
    const after = await rest("GET", "/payments/owed", { headers: { cookie: staff } });
    expect((after.json.unpaidVisits as Array<{ visitId: string }>).map((one) => one.visitId)).not.toContain(String(visit.id));
    expect(after.json.owedTotal).toBe(Number(short.json.owedTotal) - 4500);
  });
});

describe("refunds", () => {
  it("refunds part of a card payment through Stripe and records it once the webhook confirms, once", async () => {
    const { customer, cookie } = await customerWithCard("visa");
    await turnOnAutopay(cookie);
    const visit = await insertVisit(customer.id, -2);
    await completeVisit(String(visit.id));
    const [payment] = await visitPayment(String(visit.id));
    await chargeAutopay(await getDb(), payment!.id);

    const tooMuch = await rest("POST", `/payments/${payment!.id}/refunds`, {
      body: { amount: 4501, reason: "Too much" },
      headers: { cookie: staff },
    });
    expect(tooMuch.status).toBe(400);
    const noReason = await rest("POST", `/payments/${payment!.id}/refunds`, { body: { amount: 1000 }, headers: { cookie: staff } });
    expect(noReason.status).toBe(400);

    const asked = await rest("POST", `/payments/${payment!.id}/refunds`, {
      body: { amount: 1500, reason: "Missed the back yard" },
      headers: { cookie: staff },
    });
    expect(asked.status).toBe(201);
    expect(asked.json.refunds).toEqual([expect.objectContaining({ amount: 1500, status: "pending", reason: "Missed the back yard" })]);
    const refund = [...stripe.refunds.values()].find(
      (one) => one.payment_intent === (asked.json.payment as { stripePaymentIntent: string }).stripePaymentIntent,
    )!;
    expect(refund.amount).toBe(1500);

    refund.status = "succeeded";
    const delivery = signedEvent("refund.updated", refund);
    expect(await (await delivery()).json()).toMatchObject({ outcome: "applied" });
    expect(await (await delivery()).json()).toMatchObject({ outcome: "duplicate" });
    expect(await (await signedEvent("refund.updated", refund)()).json()).toMatchObject({ outcome: "unchanged" });
    const [row] = await (await getDb()).select().from(paymentRefunds).where(eq(paymentRefunds.stripeRefundId, refund.id));
    expect(row?.status).toBe("succeeded");

    const receipt = await rest("GET", `/customer/payments/${payment!.id}/receipt`, { headers: { cookie } });
    expect(receipt.json.refundedAmount).toBe(1500);

    // The rest can still be refunded, and no more.
    const rest1 = await rest("POST", `/payments/${payment!.id}/refunds`, {
      body: { reason: "Refund the rest" },
      headers: { cookie: staff },
    });
    expect((rest1.json.refunds as unknown[])[0]).toMatchObject({ amount: 3000, status: "pending" });
    expect((await rest("POST", `/payments/${payment!.id}/refunds`, { body: { reason: "Again" }, headers: { cookie: staff } })).status).toBe(
      409,
    );
  });

  it("refuses to refund a cash payment", async () => {
    const { customer } = await createCustomer();
    const cash = await rest("POST", "/payments/offline", {
      body: { customerId: customer.id, amount: 4000, method: "cash" },
      headers: { cookie: staff },
    });
    const refused = await rest("POST", `/payments/${cash.json.id}/refunds`, {
      body: { reason: "Change of mind" },
      headers: { cookie: staff },
    });
    expect(refused.status).toBe(409);
    expect(await (await getDb()).select().from(emailOutbox).where(like(emailOutbox.subject, "Receipt:%")).limit(1)).toHaveLength(1);
  });
});
