import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { payments, quoteAcceptances, quotes, schedules } from "@/server/db/schema";
import type { StandInCard } from "#test/doubles/stripe-stand-in";
import { quoteAwaitingDeposit } from "#test/fixtures/quotes";
import { createCustomer, customerCookie, rest } from "#test/support/helpers";
import { useStripeStandIn } from "#test/support/stripe";

// In My Account, the deposit a quote's acceptance waits for can be paid with the account's saved
// card (docs/product-rules.md#quotes), played over HTTP against the Stripe stand-in.
const stripe = await useStripeStandIn({ quiet: true });

/** A verified account with a saved card of `card`'s kind, and a quote of theirs waiting for a 25% deposit. */
async function ownerWithSavedCard(card: StandInCard = "visa") {
  const { customer } = await createCustomer({ password: "deposit-owner-1" });
  const cookie = await customerCookie(customer.id);
  const setup = await rest("POST", "/customer/cards/setup", { headers: { cookie } });
  stripe.completeSetupIntent((setup.json.clientSecret as string).split("_secret_")[0]!, card);
  const { quote } = await quoteAwaitingDeposit({ customerId: customer.id });
  return { customer, cookie, quote };
}

async function depositOf(quoteId: number) {
  const db = await getDb();
  const [acceptance] = await db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quoteId));
  const [payment] = await db.select().from(payments).where(eq(payments.id, acceptance!.paymentId!));
  return payment!;
}

describe("the deposit paid with a saved card", () => {
  it("is offered in My Account, charges the card once, and accepts the quote at once", async () => {
    const { cookie, quote } = await ownerWithSavedCard();
    const page = await rest("GET", `/customer/quotes/${quote.id}`, { headers: { cookie } });
    expect(page.json).toMatchObject({ acceptance: { status: "awaiting_deposit" }, savedCard: { brand: "visa", last4: "4242" } });

    const paid = await rest("POST", `/customer/quotes/${quote.id}/deposit/saved-card`, { headers: { cookie } });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expect(paid.json).toEqual({ status: "completed" });
    const deposit = await depositOf(quote.id);
    expect(deposit).toMatchObject({ status: "completed", metadata: expect.objectContaining({ card: { brand: "visa", last4: "4242" } }) });
    const [row] = await (await getDb()).select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.status).toBe("accepted");
    expect(await (await getDb()).$count(schedules, eq(schedules.id, row!.scheduleId!))).toBe(1);
    const charges = stripe.requests.filter((request) => request.path === "/v1/payment_intents" && request.params.get("confirm") === "true");
    expect(charges.filter((request) => request.params.get("metadata[paymentId]") === String(deposit.id))).toHaveLength(1);

    // Asked again, nothing is due: no second charge.
    const again = await rest("POST", `/customer/quotes/${quote.id}/deposit/saved-card`, { headers: { cookie } });
    expect(again.status).toBe(409);
    const after = await rest("GET", `/customer/quotes/${quote.id}`, { headers: { cookie } });
    expect(after.json).toMatchObject({ status: "accepted", savedCard: null });
  });

  it("says why a refused card failed, and the card form then pays the same payment", async () => {
    const { cookie, quote } = await ownerWithSavedCard("declined");
    const paid = await rest("POST", `/customer/quotes/${quote.id}/deposit/saved-card`, { headers: { cookie } });
    expect(paid.json).toEqual({ status: "failed", message: "Your card was declined." });
    const deposit = await depositOf(quote.id);
    expect(deposit.status).toBe("failed");
    expect((await rest("GET", `/customer/quotes/${quote.id}`, { headers: { cookie } })).json).toMatchObject({
      acceptance: { status: "awaiting_deposit" },
      savedCard: null,
    });
    const form = await rest("POST", `/customer/quotes/${quote.id}/deposit`, { headers: { cookie } });
    expect(form.status).toBe(200);
    expect((form.json.clientSecret as string).startsWith(`${deposit.stripePaymentIntent}_secret_`)).toBe(true);
  });

  it("is refused once the card form started paying, so one deposit never has two charges", async () => {
    const { cookie, quote } = await ownerWithSavedCard();
    expect((await rest("POST", `/customer/quotes/${quote.id}/deposit`, { headers: { cookie } })).status).toBe(200);
    const paid = await rest("POST", `/customer/quotes/${quote.id}/deposit/saved-card`, { headers: { cookie } });
    expect(paid.status).toBe(409);
    expect(paid.json.message).toBe("This payment was started in the card form. Please finish it there.");
  });

  it("lets two clicks at once charge once", async () => {
    const { cookie, quote } = await ownerWithSavedCard();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => rest("POST", `/customer/quotes/${quote.id}/deposit/saved-card`, { headers: { cookie } })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    const deposit = await depositOf(quote.id);
    expect(deposit.status).toBe("completed");
    const charges = stripe.requests.filter(
      (request) => request.path === "/v1/payment_intents" && request.params.get("metadata[paymentId]") === String(deposit.id),
    );
    expect(charges).toHaveLength(1);
  });

  it("answers another customer's quote 404, and a customer without a saved card 409", async () => {
    const { quote } = await ownerWithSavedCard();
    const { customer: stranger } = await createCustomer({ password: "deposit-stranger-1" });
    const strangerCookie = await customerCookie(stranger.id);
    const attempt = await rest("POST", `/customer/quotes/${quote.id}/deposit/saved-card`, { headers: { cookie: strangerCookie } });
    expect(attempt.status).toBe(404);
    expect((await depositOf(quote.id)).status).toBe("pending");

    const { customer } = await createCustomer({ password: "deposit-no-card-1" });
    const cookie = await customerCookie(customer.id);
    const { quote: theirs } = await quoteAwaitingDeposit({ customerId: customer.id });
    const noCard = await rest("POST", `/customer/quotes/${theirs.id}/deposit/saved-card`, { headers: { cookie } });
    expect(noCard.status).toBe(409);
    expect(noCard.json.message).toBe("There is no saved card to pay with. Please pay with the card form.");
  });
});
