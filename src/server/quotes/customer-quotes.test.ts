import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { customers, quoteAcceptances, quotes, schedules } from "@/server/db/schema";
import { createCustomer, customerCookie, rest } from "#test/support/helpers";
import { draftQuote, quoteAwaitingDeposit, sentQuote } from "#test/fixtures/quotes";

// My Account's quotes, played over HTTP as customers and as an attacker holding only a session
// and quote ids (docs/product-rules.md#quotes, #who-owns-a-visit).

let sequence = 0;
const uniqueEmail = () => `portal.quote.${Date.now().toString(36)}.${sequence++}@example.com`;

/** A signed-in, verified account and its session cookie. */
async function verifiedAccount(email = uniqueEmail()) {
  const { customer } = await createCustomer({ email, password: "my-quotes-1" });
  return { customer, cookie: await customerCookie(customer.id) };
}

async function quoteRow(id: number) {
  const [row] = await (await getDb()).select().from(quotes).where(eq(quotes.id, id));
  return row!;
}

const acceptance = (version = 1) => ({ version, signedName: "Dana Whitfield", agreeToTerms: true });

describe("My Account's quotes", () => {
  it("lists the account's sent quotes, opens one without touching its link, and accepts it", async () => {
    const owner = await verifiedAccount();
    const { quote, token } = await sentQuote({ customerId: owner.customer.id });
    const draft = await draftQuote({ customerId: owner.customer.id });
    const tokenHash = (await quoteRow(quote.id)).tokenHash;

    const list = await rest("GET", "/customer/quotes", { headers: { cookie: owner.cookie } });
    expect(list.status).toBe(200);
    const listed = list.json as unknown as Array<{ id: number; reference: string; status: string; total: number; expiresOn: string }>;
    // The draft is the office's own.
    expect(listed.map((item) => item.id)).toEqual([quote.id]);
    expect(listed[0]).toMatchObject({ reference: `Q-${quote.id}`, status: "sent", total: 110_415, expiresOn: quote.version.expiresOn });
    expect(JSON.stringify(listed)).not.toContain(token);

    const page = await rest("GET", `/customer/quotes/${quote.id}`, { headers: { cookie: owner.cookie } });
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ reference: `Q-${quote.id}`, status: "viewed", version: 1 });
    expect(page.text).not.toContain(token);
    expect((await rest("GET", `/customer/quotes/${draft.id}`, { headers: { cookie: owner.cookie } })).status).toBe(404);

    const accepted = await rest("POST", `/customer/quotes/${quote.id}/accept`, { body: acceptance(), headers: { cookie: owner.cookie } });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toEqual({ status: "accepted", deposit: 0 });
    const row = await quoteRow(quote.id);
    expect(row).toMatchObject({ status: "accepted", customerId: owner.customer.id });
    const [plan] = await (await getDb()).select().from(schedules).where(eq(schedules.id, row.scheduleId!));
    expect(plan!.customerId).toBe(owner.customer.id);
    // The emailed link is neither replaced nor revealed, and still shows the quote (accepted now).
    expect(row.tokenHash).toBe(tokenHash);
    const byLink = await rest("POST", "/quote-page", { body: { token } });
    expect(byLink.status).toBe(200);
    expect(byLink.json).toMatchObject({ status: "accepted", acceptance: { signedName: "Dana Whitfield", version: 1 } });
    const after = await rest("GET", "/customer/quotes", { headers: { cookie: owner.cookie } });
    expect(after.json).toEqual([expect.objectContaining({ id: quote.id, status: "accepted" })]);
  });

  it("shows a quote sent to the account's proven email before any record was attached", async () => {
    const owner = await verifiedAccount();
    const { quote } = await sentQuote({ email: owner.customer.email });
    expect((await quoteRow(quote.id)).customerId).toBeNull();
    const list = await rest("GET", "/customer/quotes", { headers: { cookie: owner.cookie } });
    expect((list.json as unknown as Array<{ id: number }>).map((item) => item.id)).toEqual([quote.id]);
    const declined = await rest("POST", `/customer/quotes/${quote.id}/decline`, {
      body: { reason: "Next spring" },
      headers: { cookie: owner.cookie },
    });
    expect(declined.status).toBe(200);
    expect(await quoteRow(quote.id)).toMatchObject({ status: "declined", declineReason: "Next spring" });
  });

  it("answers a withdrawn quote (its link revoked) 410 to its owner and leaves it off the list", async () => {
    const owner = await verifiedAccount();
    const { quote } = await sentQuote({ customerId: owner.customer.id });
    const db = await getDb();
    await db.update(quotes).set({ tokenRevokedAt: new Date() }).where(eq(quotes.id, quote.id));
    expect((await rest("GET", "/customer/quotes", { headers: { cookie: owner.cookie } })).json).toEqual([]);
    const gone = await rest("GET", `/customer/quotes/${quote.id}`, { headers: { cookie: owner.cookie } });
    expect(gone.status).toBe(410);
    expect(gone.json.message).toMatch(/withdrawn/);
    expect(
      (await rest("POST", `/customer/quotes/${quote.id}/accept`, { body: acceptance(), headers: { cookie: owner.cookie } })).status,
    ).toBe(410);
  });
});

describe("another customer's quote, asked by id", () => {
  /** What the API answers for a quote id that does not exist: another's must read the same. */
  async function answersAsUnknown(cookie: string, id: number) {
    const unknownId = 2_000_000_000;
    const asks = [
      (quoteId: number) => rest("GET", `/customer/quotes/${quoteId}`, { headers: { cookie } }),
      (quoteId: number) => rest("POST", `/customer/quotes/${quoteId}/accept`, { body: acceptance(), headers: { cookie } }),
      (quoteId: number) => rest("POST", `/customer/quotes/${quoteId}/decline`, { body: { reason: "x" }, headers: { cookie } }),
      (quoteId: number) => rest("POST", `/customer/quotes/${quoteId}/deposit`, { headers: { cookie } }),
    ];
    for (const ask of asks) {
      const [theirs, unknown] = [await ask(id), await ask(unknownId)];
      expect(theirs.status).toBe(404);
      expect(theirs.json).toEqual(unknown.json);
    }
    const list = await rest("GET", "/customer/quotes", { headers: { cookie } });
    expect(list.status).toBe(200);
    expect((list.json as unknown as Array<{ id: number }>).map((item) => item.id)).not.toContain(id);
  }

  it("answers 404, like an unknown id, for list, view, accept, decline and deposit, and changes nothing", async () => {
    const victim = await verifiedAccount();
    const { quote } = await quoteAwaitingDeposit({ customerId: victim.customer.id });
    const attacker = await verifiedAccount();
    const before = await quoteRow(quote.id);
    await answersAsUnknown(attacker.cookie, quote.id);
    expect(await quoteRow(quote.id)).toEqual(before);
    const live = await (await getDb()).select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id));
    expect(live.map((row) => row.status)).toEqual(["awaiting_deposit"]);
  });

  it("never shows a quote to an account that has not proved the quote's email", async () => {
    // Someone registers with the address the quote was sent to, but never confirms it.
    const email = uniqueEmail();
    const { quote: byEmail } = await sentQuote({ email });
    const { customer: unverified } = await createCustomer({ email, password: "not-mine-1", isVerified: false });
    const cookie = await customerCookie(unverified.id);
    await answersAsUnknown(cookie, byEmail.id);

    // Even a quote the office made for that record waits until the account proves the address.
    const { quote: forRecord } = await sentQuote({ customerId: unverified.id });
    await answersAsUnknown(cookie, forRecord.id);
  });

  it("stops showing a quote once the account changes its email, until the new address is proven", async () => {
    const owner = await verifiedAccount();
    const { quote } = await sentQuote({ customerId: owner.customer.id });
    expect((await rest("GET", `/customer/quotes/${quote.id}`, { headers: { cookie: owner.cookie } })).status).toBe(200);
    // Changing the email clears the account's confirmation (a database trigger).
    await (await getDb()).update(customers).set({ email: uniqueEmail() }).where(eq(customers.id, owner.customer.id));
    await answersAsUnknown(owner.cookie, quote.id);
  });

  it("does not show a quote sent to an address the account once proved but made for another record", async () => {
    // The account proved this address, then moved to another; the address now belongs to someone else.
    const email = uniqueEmail();
    const first = await verifiedAccount(email);
    const db = await getDb();
    await db.update(customers).set({ email: uniqueEmail(), isVerified: true }).where(eq(customers.id, first.customer.id));
    const { customer: second } = await createCustomer({ email, password: "now-mine-1" });
    const { quote } = await sentQuote({ customerId: second.id });
    await answersAsUnknown(first.cookie, quote.id);
    expect((await rest("GET", `/customer/quotes/${quote.id}`, { headers: { cookie: await customerCookie(second.id) } })).status).toBe(200);
  });
});
