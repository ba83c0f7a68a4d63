import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, businessInstant, businessToday, startOfBusinessDay } from "@/lib/business-time";
import { API_KEY_MESSAGES } from "@/lib/validation/settings";
import { authenticateApiKey, createApiKey } from "@/server/auth/api-keys";
import { verifyPassword } from "@/server/auth/password";
import { getDb } from "@/server/db";
import { messages, payments, staffSessions, staffUsers } from "@/server/db/schema";
import { createCustomer, createStaffUser, rest, staffCaller, staffCookie } from "#test/support/helpers";

async function signedIn() {
  const { user, password } = await createStaffUser();
  return { user, password, cookie: await staffCookie(user.id) };
}

/** Saves a profile, or changes a password, as the staff user whose session `cookie` is. */
const saveProfile = (cookie: string, body: Record<string, unknown>) => rest("PUT", "/settings/profile", { body, headers: { cookie } });
const changePassword = (cookie: string, body: Record<string, unknown>) => rest("POST", "/settings/password", { body, headers: { cookie } });

describe("profile", () => {
  it("saves the profile for real and reads it back", async () => {
    const { user, cookie } = await signedIn();
    const saved = await rest("PUT", "/settings/profile", {
      body: { fullName: "Jordan Reyes", email: "jordan@greenscapeaustin.com", username: `jordan_${user.id}`, phone: "512-555-0142" },
      headers: { cookie },
    });
    expect(saved.status).toBe(200);
    const profile = await rest("GET", "/settings/profile", { headers: { cookie } });
    expect(profile.json).toEqual({
      id: user.id,
      fullName: "Jordan Reyes",
      email: "jordan@greenscapeaustin.com",
      username: `jordan_${user.id}`,
      phone: "512-555-0142",
    });
    const status = await rest("GET", "/auth/status", { headers: { cookie } });
    expect(status.json.user).toMatchObject({ fullName: "Jordan Reyes" });
  });

  it("uses the spec's messages and refuses a username someone else has", async () => {
    const { cookie } = await signedIn();
    const other = await createStaffUser();
    const short = await saveProfile(cookie, { fullName: "Jo Reyes", email: "jo@example.com", username: "jo" });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe("Username must be at least 3 characters");
    const taken = await saveProfile(cookie, { fullName: "Jo Reyes", email: "jo@example.com", username: other.user.username.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe("That username is already taken");
  });
});

describe("password", () => {
  it("verifies the current password, saves the new one and ends the other sessions", async () => {
    const { user, password, cookie } = await signedIn();
    const otherDevice = await staffCookie(user.id);
    const wrong = await changePassword(cookie, {
      currentPassword: "not-it",
      newPassword: "new-password-9",
      confirmPassword: "new-password-9",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe("Current password is incorrect");

    const mismatch = await changePassword(cookie, {
      currentPassword: password,
      newPassword: "new-password-9",
      confirmPassword: "new-password-8",
    });
    expect(mismatch.json.message).toBe("Passwords don't match");

    const changed = await changePassword(cookie, {
      currentPassword: password,
      newPassword: "new-password-9",
      confirmPassword: "new-password-9",
    });
    expect(changed.status).toBe(200);
    expect(changed.json.message).toBe("Password updated");

    const [row] = await (await getDb()).select().from(staffUsers).where(eq(staffUsers.id, user.id));
    expect(await verifyPassword(row!.passwordHash, "new-password-9")).toBe(true);
    expect((await rest("GET", "/auth/status", { headers: { cookie } })).json.authenticated).toBe(true);
    expect((await rest("GET", "/auth/status", { headers: { cookie: otherDevice } })).json.authenticated).toBe(false);
    expect(await (await getDb()).select().from(staffSessions).where(eq(staffSessions.userId, user.id))).toHaveLength(1);
  });
});

describe("API keys", () => {
  it("creates a key shown once that authenticates a REST call, records its use, and stops working once revoked", async () => {
    const { cookie } = await signedIn();
    const created = await rest("POST", "/api-keys", { body: { name: "Accounting sync" }, headers: { cookie } });
    expect(created.status).toBe(201);
    const key = created.json.key as string;
    expect(key).toMatch(/^gsk_/);

    const call = await rest("GET", "/payments", { headers: { authorization: `Bearer ${key}` } });
    expect(call.status).toBe(200);

    const list = await rest("GET", "/api-keys", { headers: { cookie } });
    const listed = (list.json as unknown as Array<Record<string, unknown>>).find((entry) => entry.name === "Accounting sync");
    expect(listed).toMatchObject({ prefix: key.slice(0, 10), lastUsedAt: expect.any(String), revokedAt: null });
    expect(JSON.stringify(list.json)).not.toContain(key);

    // A key cannot manage keys: that takes a person signed in.
    expect((await rest("GET", "/api-keys", { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);

    const revoked = await rest("DELETE", `/api-keys/${listed!.id as number}`, { headers: { cookie } });
    expect(revoked.status).toBe(200);
    expect((await rest("GET", "/payments", { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);
    expect((await rest("DELETE", "/api-keys/999999", { headers: { cookie } })).status).toBe(404);
  });

  it("lets a key carry an expiry date, after which it stops working, and refuses one in the past", async () => {
    const { cookie, user } = await signedIn();
    const tomorrow = addDays(businessToday(), 1);
    const created = await rest("POST", "/api-keys", { body: { name: "Seasonal contractor", expiresAt: tomorrow }, headers: { cookie } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ apiKey: { expiresAt: startOfBusinessDay(tomorrow).toISOString() } });
    const key = created.json.key as string;
    expect((await rest("GET", "/payments", { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);

    const past = await rest("POST", "/api-keys", { body: { name: "Too late", expiresAt: "2020-01-01" }, headers: { cookie } });
    expect(past.status).toBe(400);
    expect(past.json).toMatchObject({ message: API_KEY_MESSAGES.expiryInPast, issues: [{ path: ["expiresAt"] }] });
    const garbled = await rest("POST", "/api-keys", { body: { name: "Garbled", expiresAt: "next tuesday" }, headers: { cookie } });
    expect(garbled.json.message).toBe(API_KEY_MESSAGES.expiresAt);

    // A key whose day has come answers like a revoked one.
    const db = await getDb();
    const { key: expiring } = await createApiKey(db, "Short-lived", user.id, new Date(Date.now() + 1000));
    expect(await authenticateApiKey(db, expiring, new Date(Date.now() + 2000))).toBeNull();
    expect(await authenticateApiKey(db, expiring)).not.toBeNull();
  });
});

describe("export", () => {
  it("gives customers, schedules, visits, messages and payments, never a password hash", async () => {
    const { cookie } = await signedIn();
    const { customer } = await createCustomer({ password: "customer-pass", fullName: "Export Person" });
    const db = await getDb();
    await db.insert(messages).values({ customerId: customer.id, content: "Gate code is 1234", senderType: "customer" });
    await db.insert(payments).values({ customerId: customer.id, amount: 3500, status: "completed", method: "cash" });
    const staff = await staffCaller();
    const first = addDays(businessToday(), 14);
    const plan = await staff.schedules.create({
      customerId: customer.id,
      date: first,
      startTime: businessInstant(first, "09:00"),
      endTime: businessInstant(first, "10:00"),
      status: "pending",
      isRecurring: true,
    });

    const response = await rest("GET", "/export", { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      exportedAt: expect.any(String),
      customers: expect.arrayContaining([expect.objectContaining({ id: customer.id, fullName: "Export Person" })]),
      messages: expect.arrayContaining([expect.objectContaining({ content: "Gate code is 1234" })]),
      payments: expect.arrayContaining([expect.objectContaining({ amount: 3500, method: "cash" })]),
      schedules: expect.arrayContaining([expect.objectContaining({ id: plan.id, isRecurring: true })]),
      visits: expect.arrayContaining([expect.objectContaining({ scheduleId: plan.id, occurrenceDate: addDays(first, 7) })]),
    });
    expect(response.text).not.toMatch(/passwordHash|\$argon2/);
  });
});

describe("delete account", () => {
  it("needs the password and ends the account with its sessions", async () => {
    const { user, password, cookie } = await signedIn();
    await createStaffUser();
    const wrong = await rest("POST", "/settings/delete-account", { body: { password: "nope" }, headers: { cookie } });
    expect(wrong.status).toBe(400);
    const deleted = await rest("POST", "/settings/delete-account", { body: { password }, headers: { cookie } });
    expect(deleted.status).toBe(200);
    expect(await (await getDb()).select().from(staffUsers).where(eq(staffUsers.id, user.id))).toHaveLength(0);
    expect((await rest("GET", "/auth/status", { headers: { cookie } })).json.authenticated).toBe(false);
  });

  it("refuses to delete the last staff account", async () => {
    const db = await getDb();
    const { user, password, cookie } = await signedIn();
    const [self] = await db.select().from(staffUsers).where(eq(staffUsers.id, user.id));
    await db.delete(staffUsers);
    await db.insert(staffUsers).values(self!);
    const response = await rest("POST", "/settings/delete-account", {
      body: { password },
      headers: { cookie: await staffCookie(user.id) },
    });
    expect(response.status).toBe(409);
    expect(response.json.message).toBe("This is the only staff account, so it cannot be deleted. Create another staff account first.");
    expect(cookie).toBeTruthy();
  });
});
