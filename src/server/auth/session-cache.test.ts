import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApiKey } from "@/server/auth/api-keys";
import { getDb } from "@/server/db";
import { customerSessions } from "@/server/db/schema";
import { hashToken } from "./tokens";
import { cookieHeaderFrom, createCustomer, createStaffUser, customerCookie, rest, staffCookie } from "#test/support/helpers";
import { eventually } from "#test/support/eventually";

// Sign-ins are cached briefly by the token's hash; every way a sign-in ends takes effect at once.
describe("cached sign-ins end at once", () => {
  const signedIn = async (cookie: string) => (await rest("GET", "/auth/status", { headers: { cookie } })).json.authenticated;

  it("a staff logout ends the cached session for the very next request", async () => {
    const { user, password } = await createStaffUser({ password: "cached-pass-1" });
    const login = await rest("POST", "/auth/login", { body: { username: user.username, password } });
    const cookie = cookieHeaderFrom(login.headers);
    expect(await signedIn(cookie)).toBe(true);
    expect(await signedIn(cookie)).toBe(true);
    expect((await rest("POST", "/auth/logout", { headers: { cookie } })).status).toBe(200);
    expect(await signedIn(cookie)).toBe(false);
  });

  it("a password change ends the other cached sessions at once", async () => {
    const { user, password } = await createStaffUser({ password: "cached-pass-2" });
    const here = await staffCookie(user.id);
    const elsewhere = await staffCookie(user.id);
    expect(await signedIn(elsewhere)).toBe(true);
    const changed = await rest("POST", "/settings/password", {
      headers: { cookie: here },
      body: { currentPassword: password, newPassword: "a-new-password-2", confirmPassword: "a-new-password-2" },
    });
    expect(changed.status).toBe(200);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await signedIn(here)).toBe(true);
  });

  it("a revoked API key stops working at its next request", async () => {
    const db = await getDb();
    const { key, apiKey } = await createApiKey(db, "Cached key", null);
    const bearer = { authorization: `Bearer ${key}` };
    expect((await rest("GET", "/dashboard-stats", { headers: bearer })).status).toBe(200);
    expect((await rest("GET", "/dashboard-stats", { headers: bearer })).status).toBe(200);
    expect((await rest("DELETE", `/api-keys/${apiKey.id}`, { headers: { cookie: await staffCookie() } })).status).toBe(200);
    expect((await rest("GET", "/dashboard-stats", { headers: bearer })).status).toBe(401);
  });

  it("a customer session removed in the database (another instance's logout) ends here too", async () => {
    const { customer } = await createCustomer({ password: "customer-pass" });
    const cookie = await customerCookie(customer.id);
    expect((await rest("GET", "/customer/profile", { headers: { cookie } })).status).toBe(200);
    expect((await rest("GET", "/customer/profile", { headers: { cookie } })).status).toBe(200);
    const token = cookie.split("=")[1]!;
    const db = await getDb();
    await db.delete(customerSessions).where(eq(customerSessions.id, hashToken(token)));
    await eventually(async () => expect((await rest("GET", "/customer/profile", { headers: { cookie } })).status).toBe(401));
  });

  it("a revocation the database announces reaches API keys too", async () => {
    const db = await getDb();
    const { key, apiKey } = await createApiKey(db, "Revoked elsewhere", null);
    const bearer = { authorization: `Bearer ${key}` };
    expect((await rest("GET", "/dashboard-stats", { headers: bearer })).status).toBe(200);
    await db.execute(sql`update api_keys set revoked_at = now() where id = ${apiKey.id}`);
    await eventually(async () => expect((await rest("GET", "/dashboard-stats", { headers: bearer })).status).toBe(401));
  });
});
