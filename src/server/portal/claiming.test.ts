import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { customerEmailTokens, customers, emailOutbox } from "@/server/db/schema";
import { CLAIM_LINK_SENT } from "@/server/customer-accounts/accounts";
import { cookieHeaderFrom, createCustomer, customerCookie, rest, staffCookie } from "#test/support/helpers";
import { choosePassword, insertMessage, insertPayment, insertVisit, latestLinkToken } from "#test/fixtures/portal-data";
import { createEmailToken, LINK_MESSAGES } from "@/server/customer-accounts/email-tokens";
import { CONFIRM_EMAIL_FIRST } from "./profile";
import { LINK_FOR_ANOTHER_ACCOUNT } from "@/server/customer-accounts/verification";

const DAY = 24 * 60 * 60 * 1000;

function registration(email: string, password = "claimer1") {
  return {
    fullName: "Someone Else",
    email,
    phone: "5125550111",
    address: "9 Elsewhere Ln",
    city: "Austin",
    state: "TX",
    zipCode: "78702",
    password,
    confirmPassword: password,
  };
}

/** A record a guest booking left behind: no password, a visit, a message and a payment from last week. */
async function guestRecordWithHistory() {
  const lastWeek = new Date(Date.now() - 7 * DAY);
  const { customer } = await createCustomer({ fullName: "Gail Guest", email: `gail.${Date.now()}@example.com`, createdAt: lastWeek });
  const visit = await insertVisit(customer.id, 72, { createdAt: lastWeek });
  const message = await insertMessage(customer.id, "Gate code is 1234", "customer", lastWeek);
  const payment = await insertPayment(customer.id, 4500, lastWeek);
  return { customer, visit, message, payment };
}

async function register(email: string) {
  const response = await rest("POST", "/customer/register", { body: registration(email) });
  expect(response.status).toBe(201);
  return cookieHeaderFrom(response.headers);
}

async function storedCustomer(id: number) {
  const [row] = await (await getDb()).select().from(customers).where(eq(customers.id, id));
  return row!;
}

describe("claiming a record by registering with its email", () => {
  it("replays the takeover chain: register with a guest's email, read the record, move it to another email, verify there — refused at every step", async () => {
    const { customer, visit } = await guestRecordWithHistory();

    // 1. Register with the guest's email: no session, nothing of the record in the answer.
    const attempt = await rest("POST", "/customer/register", { body: registration(customer.email.toUpperCase()) });
    expect(attempt.status).toBe(201);
    expect(attempt.json).toEqual({ authenticated: false, customer: null, message: CLAIM_LINK_SENT });
    // No session: only the secret that lets this browser keep its password if it opens the link.
    expect(attempt.headers.getSetCookie().map((cookie) => cookie.split("=")[0])).toEqual(["customer_claim"]);
    for (const secret of ["5125550100", "100 Congress Ave", "Gail Guest"]) expect(attempt.text).not.toContain(secret);

    // 2. The attacker's password did not land on the record, so it opens nothing.
    const login = await rest("POST", "/customer/login", { body: { email: customer.email, password: "claimer1" } });
    expect(login.status).toBe(401);
    expect(await storedCustomer(customer.id)).toMatchObject({ passwordHash: null, email: customer.email, fullName: "Gail Guest" });

    // 3. With no session there is no profile to read, no email to change and no visit to cancel.
    expect((await rest("GET", "/customer/profile")).status).toBe(401);
    const move = await rest("PUT", "/customer/profile", { body: { ...registration("attacker@example.com"), fullName: "Gail Guest" } });
    expect(move.status).toBe(401);
    expect((await rest("POST", `/customer/appointments/${visit.id}/cancel`)).status).toBe(401);
    expect((await storedCustomer(customer.id)).email).toBe(customer.email);

    // 4. The only way in went to the record's own inbox.
    const link = await latestLinkToken("invite");
    expect(link.to).toBe(customer.email);
    expect(link.body).toContain("/customer/register?invite=");
  });

  it("opens the account with its whole history once the link from the record's inbox is used", async () => {
    const { customer, visit, payment } = await guestRecordWithHistory();
    await rest("POST", "/customer/register", { body: registration(customer.email) });
    const { token } = await latestLinkToken("invite");

    const accepted = await choosePassword("/customer/accept-invitation", token, "owner-pass");
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ authenticated: true, customer: { id: customer.id, fullName: "Gail Guest", isVerified: true } });
    const headers = { cookie: cookieHeaderFrom(accepted.headers) };

    expect((await rest("GET", "/customer/appointments", { headers })).json).toMatchObject({
      historyHidden: false,
      upcoming: [{ visitId: String(visit.id), address: "42 Oak Hollow Dr" }],
    });
    const conversation = (await rest("GET", "/customer/messages", { headers })).json as unknown as Array<{ content: string }>;
    expect(conversation.map((m) => m.content)).toEqual(["Gate code is 1234"]);
    expect((await rest("GET", `/customer/payments/${payment.id}`, { headers })).json).toMatchObject({ id: payment.id, amount: 4500 });
    // The profile the booking recorded is kept; the registration form's values were never applied.
    expect(await storedCustomer(customer.id)).toMatchObject({ fullName: "Gail Guest", address: "100 Congress Ave", phone: "5125550100" });
  });

  it("keeps an unverified claimed account (from before claiming needed the link) on its address", async () => {
    const { customer } = await guestRecordWithHistory();
    const db = await getDb();
    await db.update(customers).set({ passwordHash: "x", registeredAt: new Date(), isVerified: false }).where(eq(customers.id, customer.id));
    const headers = { cookie: await customerCookie(customer.id) };
    const move = await rest("PUT", "/customer/profile", {
      headers,
      body: { ...registration("elsewhere@example.com"), fullName: "Gail Guest" },
    });
    expect(move.status).toBe(403);
    expect(move.json.message).toBe(CONFIRM_EMAIL_FIRST);
    expect((await rest("GET", "/customer/appointments", { headers })).json).toMatchObject({ upcoming: [], past: [], historyHidden: true });
    expect((await rest("GET", "/customer/messages", { headers })).json).toEqual([]);
    expect((await rest("GET", "/customer/payments", { headers })).json).toEqual([]);
  });
});

describe("registering after booking asks for one password", () => {
  async function registerInBrowser(email: string, password: string) {
    const response = await rest("POST", "/customer/register", { body: registration(email, password) });
    expect(response.status).toBe(201);
    return cookieHeaderFrom(response.headers);
  }

  const claimHere = (token: string, cookie?: string) =>
    rest("POST", "/customer/claim-in-this-browser", { body: { token }, headers: cookie ? { cookie } : {} });

  it("keeps the password typed at registration when the link is opened in the browser that registered", async () => {
    const { customer, visit } = await guestRecordWithHistory();
    const browser = await registerInBrowser(customer.email, "first-choice-1");
    const { token } = await latestLinkToken("invite");

    const claimed = await claimHere(token, browser);
    expect(claimed.status).toBe(200);
    expect(claimed.json).toMatchObject({ authenticated: true, customer: { id: customer.id, isVerified: true } });
    const names = claimed.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
    expect(names).toContain("customer_claim=");
    const headers = { cookie: cookieHeaderFrom(claimed.headers) };
    expect((await rest("GET", "/customer/appointments", { headers })).json).toMatchObject({ upcoming: [{ visitId: String(visit.id) }] });

    // The password typed once is the account's; the link is used up.
    expect((await rest("POST", "/customer/login", { body: { email: customer.email, password: "first-choice-1" } })).status).toBe(200);
    expect((await choosePassword("/customer/accept-invitation", token, "second-choice")).json.message).toBe(LINK_MESSAGES.used);
  });

  it("asks for a password when the link is opened anywhere else, and uses nothing up", async () => {
    const { customer } = await guestRecordWithHistory();
    const browser = await registerInBrowser(customer.email, "first-choice-1");
    const { token } = await latestLinkToken("invite");

    expect((await claimHere(token)).json).toEqual({ authenticated: false, customer: null });
    expect((await claimHere(token, "customer_claim=someone-elses-secret")).json).toEqual({ authenticated: false, customer: null });
    // Another registration's browser holds another secret.
    const other = await registerInBrowser(customer.email, "other-choice-1");
    expect((await claimHere(token, other)).json).toEqual({ authenticated: false, customer: null });
    expect((await storedCustomer(customer.id)).passwordHash).toBeNull();

    const chosen = await choosePassword("/customer/accept-invitation", token, "owner-pass");
    expect(chosen.status).toBe(200);
    // The typed password never became the account's.
    expect((await rest("POST", "/customer/login", { body: { email: customer.email, password: "first-choice-1" } })).status).toBe(401);
    expect((await claimHere(token, browser)).json).toEqual({ authenticated: false, customer: null });
  });

  it("never lets the browser's secret open an account without the link from the inbox", async () => {
    const { customer } = await guestRecordWithHistory();
    const attacker = await registerInBrowser(customer.email, "attacker-pass");
    const guessed = await claimHere("a".repeat(32), attacker);
    expect(guessed.json).toEqual({ authenticated: false, customer: null });
    expect((await storedCustomer(customer.id)).passwordHash).toBeNull();
  });
});

describe("a new account before its email is confirmed", () => {
  it("shows only what the customer wrote, not what a booking or the office later recorded under that email", async () => {
    const email = `early.${Date.now()}@example.com`;
    const cookie = await register(email);
    const headers = { cookie };
    const [account] = await (await getDb()).select().from(customers).where(eq(customers.email, email));

    // Someone else books with this email and the office writes to the record.
    const visit = await insertVisit(account!.id, 72);
    const reply = await insertMessage(account!.id, "Your visit at 42 Oak Hollow Dr is confirmed", "user");
    const payment = await insertPayment(account!.id, 4500);
    const sent = await rest("POST", "/customer/messages", { headers, body: { content: "Hello, is my visit still on?" } });
    expect(sent.status).toBe(201);

    expect((await rest("GET", "/customer/appointments", { headers })).json).toMatchObject({ upcoming: [], historyHidden: true });
    const ownMessages = (await rest("GET", "/customer/messages", { headers })).json as unknown as Array<{ content: string }>;
    expect(ownMessages.map((m) => m.content)).toEqual(["Hello, is my visit still on?"]);
    expect((await rest("GET", "/customer/payments", { headers })).json).toEqual([]);
    expect((await rest("GET", `/customer/payments/${payment.id}`, { headers })).status).toBe(404);
    expect((await rest("PATCH", `/customer/messages/${reply.id}/read`, { headers })).status).toBe(404);
    expect((await rest("POST", `/customer/appointments/${visit.id}/cancel`, { headers })).status).toBe(404);

    // Confirming the email (signed in as the account) shows it all.
    const { token } = await latestLinkToken("verify");
    expect((await rest("POST", "/customer/verify-email", { headers, body: { token } })).status).toBe(200);
    expect((await rest("GET", "/customer/appointments", { headers })).json).toMatchObject({
      historyHidden: false,
      upcoming: [{ visitId: String(visit.id) }],
    });
    const allMessages = (await rest("GET", "/customer/messages", { headers })).json as unknown as Array<{ content: string }>;
    expect(allMessages.map((m) => m.content)).toContain("Your visit at 42 Oak Hollow Dr is confirmed");
  });
});

describe("email links", () => {
  it("confirms an email only for the account it was sent for, signed in", async () => {
    const cookie = await register(`once.${Date.now()}@example.com`);
    const { token } = await latestLinkToken("verify");
    // Whoever clicks without the account's password (the inbox owner, when someone else registered) confirms nothing.
    expect((await rest("POST", "/customer/verify-email", { body: { token } })).status).toBe(401);
    const other = await rest("POST", "/customer/register", { body: registration(`other.${Date.now()}@example.com`) });
    const wrongAccount = await rest("POST", "/customer/verify-email", {
      headers: { cookie: cookieHeaderFrom(other.headers) },
      body: { token },
    });
    expect(wrongAccount.status).toBe(400);
    expect(wrongAccount.json.message).toBe(LINK_FOR_ANOTHER_ACCOUNT);

    expect((await rest("POST", "/customer/verify-email", { headers: { cookie }, body: { token } })).status).toBe(200);
    const again = await rest("POST", "/customer/verify-email", { headers: { cookie }, body: { token } });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(LINK_MESSAGES.used);
    expect((await rest("GET", "/customer/profile", { headers: { cookie } })).json).toMatchObject({ isVerified: true });
  });

  it("refuses an expired link and an unknown one, and stores only the hash", async () => {
    const { customer } = await createCustomer({ password: "secret1", isVerified: false });
    const headers = { cookie: await customerCookie(customer.id) };
    const db = await getDb();
    const token = await createEmailToken(db, customer, "verify_email", new Date(Date.now() - DAY - 60_000));
    const expired = await rest("POST", "/customer/verify-email", { headers, body: { token } });
    expect(expired.status).toBe(400);
    expect(expired.json.message).toBe(LINK_MESSAGES.expired);

    const unknown = await rest("POST", "/customer/verify-email", { headers, body: { token: "not-a-real-token" } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe(LINK_MESSAGES.invalid);

    const stored = await db.select().from(customerEmailTokens).where(eq(customerEmailTokens.customerId, customer.id));
    const hashes = stored.map((row) => row.tokenHash);
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).not.toBe(token);
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it("makes links sent to an old address useless after an email change, and sends a new one", async () => {
    const email = `mover.${Date.now()}@example.com`;
    const cookie = await register(email);
    const old = await latestLinkToken("verify");
    const changed = await rest("PUT", "/customer/profile", {
      headers: { cookie },
      body: { ...registration(email), email: `new.${email}` },
    });
    expect(changed.status).toBe(200);
    const refused = await rest("POST", "/customer/verify-email", { headers: { cookie }, body: { token: old.token } });
    expect(refused.json.message).toBe(LINK_MESSAGES.invalid);
    const fresh = await latestLinkToken("verify");
    expect(fresh.to).toBe(`new.${email}`);
    expect((await rest("POST", "/customer/verify-email", { headers: { cookie }, body: { token: fresh.token } })).status).toBe(200);
  });

  it("resends a verification link at most once a minute, and not once verified", async () => {
    const cookie = await register(`resend.${Date.now()}@example.com`);
    const soon = await rest("POST", "/customer/resend-verification", { headers: { cookie } });
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get("retry-after"))).toBeGreaterThan(0);

    const { token } = await latestLinkToken("verify");
    await rest("POST", "/customer/verify-email", { headers: { cookie }, body: { token } });
    const done = await rest("POST", "/customer/resend-verification", { headers: { cookie } });
    expect(done.status).toBe(409);
  });
});

describe("portal invitations from staff", () => {
  it("emails a set-password link that signs the customer in verified, once", async () => {
    const { customer } = await guestRecordWithHistory();
    const staff = { cookie: await staffCookie() };
    const invite = await rest("POST", `/customers/${customer.id}/invite`, { headers: staff, body: {} });
    expect(invite.status).toBe(200);
    const { token, body } = await latestLinkToken("invite");
    expect(body).toContain("/customer/register?invite=");

    const about = await rest("GET", `/customer/invitation?token=${token}`);
    expect(about.json).toEqual({ fullName: "Gail Guest", email: customer.email });

    const mismatch = await choosePassword("/customer/accept-invitation", token, "lawn-pass", "other-pass");
    expect(mismatch.json.message).toBe("Passwords do not match");

    const accepted = await choosePassword("/customer/accept-invitation", token, "lawn-pass");
    expect(accepted.status).toBe(200);
    const headers = { cookie: cookieHeaderFrom(accepted.headers) };
    expect((await rest("GET", "/customer/appointments", { headers })).json).toMatchObject({ historyHidden: false, upcoming: [{}] });

    const reused = await choosePassword("/customer/accept-invitation", token, "lawn-pass");
    expect(reused.json.message).toBe(LINK_MESSAGES.used);
    const login = await rest("POST", "/customer/login", { body: { email: customer.email, password: "lawn-pass" } });
    expect(login.status).toBe(200);
  });

  it("refuses to invite a customer who already has an account, an unknown one, or without staff rights", async () => {
    const { customer } = await createCustomer({ password: "has-one" });
    const staff = { cookie: await staffCookie() };
    const existing = await rest("POST", `/customers/${customer.id}/invite`, { headers: staff, body: {} });
    expect(existing.status).toBe(409);
    expect(existing.json.message).toBe("This customer already has a portal account.");
    expect((await rest("POST", "/customers/999999/invite", { headers: staff, body: {} })).status).toBe(404);
    expect((await rest("POST", `/customers/${customer.id}/invite`, { body: {} })).status).toBe(401);
  });

  it("records every email in the outbox when no SMTP server is configured", async () => {
    const before = (await (await getDb()).select().from(emailOutbox)).length;
    await register(`outbox.${Date.now()}@example.com`);
    const rows = await (await getDb()).select().from(emailOutbox).orderBy(emailOutbox.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ sentAt: null, subject: "Confirm your email for GreenScape Austin" });
  });
});
