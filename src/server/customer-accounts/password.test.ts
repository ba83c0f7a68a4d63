import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { customerEmailTokens, customerSessions, customers, emailOutbox } from "@/server/db/schema";
import { LIMITS } from "@/server/auth/limits";
import { CUSTOMER_ABSOLUTE_LIFETIME, createCustomerSession, validateCustomerSessionToken } from "@/server/auth/session";
import { hashToken } from "@/server/auth/tokens";
import { createEmailToken, LINK_MESSAGES } from "@/server/customer-accounts/email-tokens";
import { cookieHeaderFrom, createCustomer, customerCookie, fromAddress, rest } from "#test/support/helpers";
import { choosePassword, latestLinkToken } from "#test/fixtures/portal-data";
import { PASSWORD_CHANGED, RESET_REQUESTED } from "@/server/customer-accounts/password";

const DAY = 24 * 60 * 60 * 1000;

async function outboxCount() {
  return (await getDb()).$count(emailOutbox);
}

describe("forgot password", () => {
  it("answers the same whether or not the email has an account, and mails only a real one", async () => {
    const { customer } = await createCustomer({ password: "old-password" });
    const before = await outboxCount();
    const unknown = await rest("POST", "/customer/password-reset", { body: { email: "nobody.at.all@example.com" } });
    expect(await outboxCount()).toBe(before);
    const known = await rest("POST", "/customer/password-reset", { body: { email: customer.email.toUpperCase() } });
    expect(await outboxCount()).toBe(before + 1);
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    expect(known.json).toEqual({ success: true, message: RESET_REQUESTED });
    const link = await latestLinkToken("token");
    expect(link.to).toBe(customer.email);
    expect(link.body).toContain("/customer/reset-password?token=");
  });

  it("sets a new password once, verifies the email, ends every other session and signs in", async () => {
    const { customer } = await createCustomer({ password: "old-password", isVerified: false });
    const thief = { cookie: await customerCookie(customer.id) };
    await rest("POST", "/customer/password-reset", { body: { email: customer.email } });
    const { token } = await latestLinkToken("token");

    const mismatch = await choosePassword("/customer/password-reset/confirm", token, "new-pass-1", "new-pass-2");
    expect(mismatch.json.message).toBe("Passwords do not match");

    const reset = await choosePassword("/customer/password-reset/confirm", token, "new-pass-1");
    expect(reset.status).toBe(200);
    expect(reset.json).toMatchObject({ authenticated: true, customer: { id: customer.id, isVerified: true } });
    const fresh = { cookie: cookieHeaderFrom(reset.headers) };
    expect((await rest("GET", "/customer/status", { headers: fresh })).json).toMatchObject({ authenticated: true });
    expect((await rest("GET", "/customer/status", { headers: thief })).json).toEqual({ authenticated: false, customer: null });

    const again = await choosePassword("/customer/password-reset/confirm", token, "other-pass");
    expect(again.json.message).toBe(LINK_MESSAGES.used);
    expect((await rest("POST", "/customer/login", { body: { email: customer.email, password: "old-password" } })).status).toBe(401);
    expect((await rest("POST", "/customer/login", { body: { email: customer.email, password: "new-pass-1" } })).status).toBe(200);
  });

  it("stores only the link's hash, lets it expire after an hour, and retires older links once one is used", async () => {
    const { customer } = await createCustomer({ password: "old-password" });
    const db = await getDb();
    const stale = await createEmailToken(db, customer, "reset_password", new Date(Date.now() - 61 * 60_000));
    const expired = await choosePassword("/customer/password-reset/confirm", stale, "new-pass-1");
    expect(expired.status).toBe(400);
    expect(expired.json.message).toBe(LINK_MESSAGES.resetExpired);

    const older = await createEmailToken(db, customer, "reset_password");
    const newer = await createEmailToken(db, customer, "reset_password");
    const rows = await db.select().from(customerEmailTokens).where(eq(customerEmailTokens.customerId, customer.id));
    expect(rows.map((row) => row.tokenHash)).toEqual(expect.arrayContaining([hashToken(older), hashToken(newer)]));
    expect(rows.some((row) => row.tokenHash === older || row.tokenHash === newer)).toBe(false);

    expect((await choosePassword("/customer/password-reset/confirm", newer, "new-pass-1")).status).toBe(200);
    const retired = await choosePassword("/customer/password-reset/confirm", older, "x-pass-1");
    expect(retired.json.message).toBe(LINK_MESSAGES.used);
  });

  it("sends a record that has no password yet the link that opens its account", async () => {
    const { customer } = await createCustomer({ fullName: "Guest Booker" });
    await rest("POST", "/customer/password-reset", { body: { email: customer.email } });
    const link = await latestLinkToken("invite");
    expect(link.to).toBe(customer.email);
  });

  it("limits the emails one address receives, with 429 and Retry-After, the same for unknown addresses", async () => {
    const { customer } = await createCustomer({ password: "old-password" });
    for (const email of [customer.email, "no.such.customer@example.com"]) {
      for (let request = 0; request < LIMITS.accountEmailsPerRecipient.limit; request++) {
        expect(
          (await rest("POST", "/customer/password-reset", { body: { email }, headers: fromAddress(`192.0.2.${request + 10}`) })).status,
        ).toBe(200);
      }
      const refused = await rest("POST", "/customer/password-reset", { body: { email }, headers: fromAddress("192.0.2.99") });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  it("limits how many resets one address asks for across emails", async () => {
    const headers = fromAddress("198.51.100.77");
    for (let request = 0; request < LIMITS.passwordResetPerAddress.limit; request++) {
      await rest("POST", "/customer/password-reset", { body: { email: `someone.${request}@example.com` }, headers });
    }
    expect((await rest("POST", "/customer/password-reset", { body: { email: "one.more@example.com" }, headers })).status).toBe(429);
  });
});

describe("password change in the portal", () => {
  it("needs the current password, ends the other sessions, keeps this one and tells the owner", async () => {
    const { customer } = await createCustomer({ password: "old-password" });
    const mine = { cookie: await customerCookie(customer.id) };
    const other = { cookie: await customerCookie(customer.id) };

    const wrong = await rest("POST", "/customer/password", {
      headers: mine,
      body: { currentPassword: "nope", newPassword: "new-pass-1", confirmPassword: "new-pass-1" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ message: "Current password is incorrect", issues: [{ path: ["currentPassword"] }] });

    const before = await outboxCount();
    const changed = await rest("POST", "/customer/password", {
      headers: mine,
      body: { currentPassword: "old-password", newPassword: "new-pass-1", confirmPassword: "new-pass-1" },
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toEqual({ success: true, message: PASSWORD_CHANGED });
    expect((await rest("GET", "/customer/status", { headers: mine })).json).toMatchObject({ authenticated: true });
    expect((await rest("GET", "/customer/status", { headers: other })).json).toMatchObject({ authenticated: false });
    expect(await outboxCount()).toBe(before + 1);
    expect((await rest("POST", "/customer/login", { body: { email: customer.email, password: "new-pass-1" } })).status).toBe(200);
  });

  it("lets a borrowed session guess the current password only a few times", async () => {
    const { customer } = await createCustomer({ password: "old-password" });
    const headers = { cookie: await customerCookie(customer.id) };
    const attempt = (currentPassword: string) =>
      rest("POST", "/customer/password", { headers, body: { currentPassword, newPassword: "new-pass-1", confirmPassword: "new-pass-1" } });
    for (let guess = 0; guess < LIMITS.passwordCheckPerAccount.limit; guess++) expect((await attempt(`guess-${guess}`)).status).toBe(400);
    expect((await attempt("old-password")).status).toBe(429);
  });

  it("refuses without a session and validates with the register form's rules", async () => {
    expect(
      (
        await rest("POST", "/customer/password", {
          body: { currentPassword: "a", newPassword: "new-pass-1", confirmPassword: "new-pass-1" },
        })
      ).status,
    ).toBe(401);
    const { customer } = await createCustomer({ password: "old-password" });
    const headers = { cookie: await customerCookie(customer.id) };
    const short = await rest("POST", "/customer/password", {
      headers,
      body: { currentPassword: "old-password", newPassword: "abc", confirmPassword: "abc" },
    });
    expect(short.json.message).toBe("Password must be at least 6 characters");
  });
});

describe("customer sessions", () => {
  it("end 60 days after sign-in however often they are used", async () => {
    const { customer } = await createCustomer({ password: "old-password" });
    const db = await getDb();
    const signedIn = new Date("2030-03-01T12:00:00Z");
    const { token } = await createCustomerSession(db, customer.id, signedIn);
    // Used every 20 days, the session is renewed each time, but never past its absolute end.
    let day = 0;
    for (; day * DAY < CUSTOMER_ABSOLUTE_LIFETIME; day += 20) {
      expect(await validateCustomerSessionToken(db, token, new Date(signedIn.getTime() + day * DAY))).not.toBeNull();
    }
    expect(await validateCustomerSessionToken(db, token, new Date(signedIn.getTime() + CUSTOMER_ABSOLUTE_LIFETIME))).toBeNull();
    expect(await db.$count(customerSessions, eq(customerSessions.customerId, customer.id))).toBe(0);
    expect((await db.select().from(customers).where(eq(customers.id, customer.id))).length).toBe(1);
  });
});
