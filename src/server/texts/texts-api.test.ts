import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { STAFF_TEXT_WITHDRAWAL_WORDS } from "@/lib/staff-text-consent";
import { NUMBER_CANNOT_TAKE_TEXTS, TEXT_CONSENT_NEEDS_PHONE, TEXT_CONSENT_WORDS, type TextStatus } from "@/lib/texts";
import { createApiKey } from "@/server/auth/api-keys";
import { listCrews } from "@/server/crews/crews-repository";
import { getDb } from "@/server/db";
import { textConsentChanges, textMessages } from "@/server/db/schema";
import { createCustomer, createStaffUser, rest, staffCookie, twilioStandInEnv } from "#test/support/helpers";
import { setEnv } from "#test/support/env";
import { DEFAULT_TEXT_SETTINGS } from "./settings";
import { TEXTS_NOT_CONFIGURED } from "./twilio-client";
import { getTextUsage } from "./usage";

afterEach(() => setEnv(twilioStandInEnv(undefined)));

async function signedIn(role: "owner" | "office" | "crew") {
  const crewId = role === "crew" ? (await listCrews(await getDb()))[0]!.id : null;
  const { user } = await createStaffUser({ role, crewId });
  return { user, headers: { cookie: await staffCookie(user.id) } };
}

async function addText(values: { status: TextStatus; segments?: number; createdAt?: Date; lastError?: string; to?: string }) {
  const [row] = await (await getDb())
    .insert(textMessages)
    .values({ to: values.to ?? "+15125550177", body: "GreenScape: see you tomorrow", kind: "reminder", segments: 1, ...values })
    .returning({ id: textMessages.id });
  return row!.id;
}

describe("Settings → Texts", () => {
  it("reads the defaults, says plainly that texts are off, and saves the owner's choices", async () => {
    const owner = await signedIn("owner");
    const read = await rest("GET", "/settings/texts", { headers: owner.headers });
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ ...DEFAULT_TEXT_SETTINGS, textsOn: false, textsOffReason: TEXTS_NOT_CONFIGURED });

    const choice = { ...DEFAULT_TEXT_SETTINGS, notices: { ...DEFAULT_TEXT_SETTINGS.notices, onMyWay: false }, customerDailyCap: 3 };
    const saved = await rest("PUT", "/settings/texts", { headers: owner.headers, body: choice });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ notices: { onMyWay: false, reminder: true }, customerDailyCap: 3 });
    expect((await rest("GET", "/settings/texts", { headers: owner.headers })).json).toMatchObject({ customerDailyCap: 3 });
  });

  it("says texts are on once Twilio is configured", async () => {
    setEnv(twilioStandInEnv({ url: "http://127.0.0.1:9", accountSid: `AC${"0".repeat(32)}`, authToken: "token" }));
    const owner = await signedIn("owner");
    expect((await rest("GET", "/settings/texts", { headers: owner.headers })).json).toMatchObject({ textsOn: true, textsOffReason: null });
  });

  it("refuses caps out of bounds in plain words", async () => {
    const owner = await signedIn("owner");
    const zero = await rest("PUT", "/settings/texts", { headers: owner.headers, body: { ...DEFAULT_TEXT_SETTINGS, customerDailyCap: 0 } });
    expect(zero.status).toBe(400);
    expect(zero.json.message).toBe("Texts a customer a day must be at least 1");
    const half = await rest("PUT", "/settings/texts", {
      headers: owner.headers,
      body: { ...DEFAULT_TEXT_SETTINGS, businessDailyCap: 2.5 },
    });
    expect(half.json.message).toBe("Texts a day for the business must be a whole number");
    const missing = await rest("PUT", "/settings/texts", { headers: owner.headers, body: { ...DEFAULT_TEXT_SETTINGS, notices: {} } });
    expect(missing.status).toBe(400);
  });

  it("lets the office read the settings but not save them, and keeps the crew out", async () => {
    const office = await signedIn("office");
    expect((await rest("GET", "/settings/texts", { headers: office.headers })).status).toBe(200);
    expect((await rest("PUT", "/settings/texts", { headers: office.headers, body: DEFAULT_TEXT_SETTINGS })).status).toBe(403);
    expect((await rest("GET", "/texts/usage", { headers: office.headers })).status).toBe(403);
    expect((await rest("GET", "/texts/recent", { headers: office.headers })).status).toBe(200);
    const crew = await signedIn("crew");
    for (const path of ["/settings/texts", "/texts/usage", "/texts/recent"]) {
      expect((await rest("GET", path, { headers: crew.headers })).status).toBe(403);
    }
  });
});

describe("what texts cost", () => {
  it("counts this Austin month's texts handed to Twilio and their segments, the unsent apart", async () => {
    const db = await getDb();
    const now = new Date("2031-03-15T18:00:00Z");
    const inMarch = new Date("2031-03-01T06:30:00Z"); // 12:30 AM on March 1 in Austin
    await addText({ status: "delivered", segments: 2, createdAt: inMarch });
    await addText({ status: "sent", segments: 1, createdAt: now });
    await addText({ status: "failed", segments: 3, createdAt: now });
    await addText({ status: "undelivered", segments: 1, createdAt: now });
    await addText({ status: "skipped", segments: 5, createdAt: now, lastError: "The customer texted STOP." });
    await addText({ status: "outbox", segments: 1, createdAt: now });
    await addText({ status: "queued", segments: 1, createdAt: now });
    await addText({ status: "delivered", segments: 4, createdAt: new Date("2031-03-01T05:30:00Z") }); // still February in Austin
    expect(await getTextUsage(db, now)).toEqual({
      month: "2031-03",
      sent: 4,
      segments: 7,
      delivered: 1,
      failed: 2,
      skipped: 1,
      outbox: 1,
      waiting: 1,
    });
  });

  it("answers the owner with this month's count", async () => {
    const owner = await signedIn("owner");
    const before = (await rest("GET", "/texts/usage", { headers: owner.headers })).json;
    await addText({ status: "sent", segments: 2 });
    const after = await rest("GET", "/texts/usage", { headers: owner.headers });
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject({ sent: Number(before.sent) + 1, segments: Number(before.segments) + 2 });
  });

  it("lists the latest texts with their status and reason, numbers masked to the last four digits", async () => {
    const office = await signedIn("office");
    const id = await addText({ status: "skipped", to: "+15125550188", lastError: "This customer's cap of 6 texts a day was reached." });
    const recent = await rest("GET", "/texts/recent", { headers: office.headers });
    const text = (recent.json as unknown as Array<Record<string, unknown>>).find((row) => row.id === id);
    expect(text).toMatchObject({ to: "…0188", status: "skipped", reason: "This customer's cap of 6 texts a day was reached." });
    expect(recent.text).not.toContain("5125550188");
  });
});

describe("consent recorded by staff", () => {
  it("records consent given on the phone with the words read and who recorded it, then a withdrawal", async () => {
    const office = await signedIn("office");
    const { customer } = await createCustomer({ phone: "(512) 555-0161" });
    const before = await rest("GET", `/customers/${customer.id}/text-consent`, { headers: office.headers });
    expect(before.json).toMatchObject({ textConsent: false, canText: false, notifyBy: "email", history: [] });

    const given = await rest("PUT", `/customers/${customer.id}/text-consent`, {
      headers: office.headers,
      body: { textConsent: true, notifyBy: "text" },
    });
    expect(given.status).toBe(200);
    expect(given.json).toMatchObject({ textConsent: true, canText: true, textNumber: "+15125550161", notifyBy: "text", stopped: false });
    expect(given.json.consentSince).toEqual(expect.any(String));
    expect(given.json.history).toEqual([
      expect.objectContaining({ given: true, method: "staff", words: TEXT_CONSENT_WORDS, recordedBy: office.user.username }),
    ]);
    const [row] = await (await getDb()).select().from(textConsentChanges).where(eq(textConsentChanges.customerId, customer.id));
    expect(row).toMatchObject({ staffUserId: office.user.id, phone: "+15125550161" });

    const withdrawn = await rest("PUT", `/customers/${customer.id}/text-consent`, {
      headers: office.headers,
      body: { textConsent: false },
    });
    expect(withdrawn.json).toMatchObject({ textConsent: false, canText: false, notifyBy: "email" });
    expect(withdrawn.json.history).toMatchObject([
      { given: false, method: "staff", words: STAFF_TEXT_WITHDRAWAL_WORDS, recordedBy: office.user.username },
      { given: true },
    ]);
  });

  it("refuses a number that cannot take texts, and a customer without a phone, with the clear message", async () => {
    const owner = await signedIn("owner");
    for (const [phone, message] of [
      ["800-555-0199", NUMBER_CANNOT_TAKE_TEXTS],
      ["+44 20 7946 0958", NUMBER_CANNOT_TAKE_TEXTS],
      [null, TEXT_CONSENT_NEEDS_PHONE],
    ] as const) {
      const { customer } = await createCustomer({ phone });
      const refused = await rest("PUT", `/customers/${customer.id}/text-consent`, { headers: owner.headers, body: { textConsent: true } });
      expect(refused.status).toBe(400);
      expect(refused.json.message).toBe(message);
      const after = await rest("GET", `/customers/${customer.id}/text-consent`, { headers: owner.headers });
      expect(after.json).toMatchObject({ textConsent: false, history: [] });
    }
  });

  it("answers 404 for a customer that does not exist and refuses a missing answer", async () => {
    const owner = await signedIn("owner");
    expect((await rest("GET", "/customers/999999/text-consent", { headers: owner.headers })).status).toBe(404);
    expect((await rest("PUT", "/customers/999999/text-consent", { headers: owner.headers, body: { textConsent: true } })).status).toBe(404);
    const { customer } = await createCustomer();
    const blank = await rest("PUT", `/customers/${customer.id}/text-consent`, { headers: owner.headers, body: {} });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe("Say whether the customer agreed to texts");
  });

  it("keeps the crew out, and lets only a person (not an API key) record consent", async () => {
    const { customer } = await createCustomer({ phone: "5125550162" });
    const crew = await signedIn("crew");
    expect((await rest("GET", `/customers/${customer.id}/text-consent`, { headers: crew.headers })).status).toBe(403);
    expect(
      (await rest("PUT", `/customers/${customer.id}/text-consent`, { headers: crew.headers, body: { textConsent: true } })).status,
    ).toBe(403);
    const { key } = await createApiKey(await getDb(), "Office sync", null);
    const byKey = { authorization: `Bearer ${key}` };
    expect((await rest("GET", `/customers/${customer.id}/text-consent`, { headers: byKey })).status).toBe(200);
    expect((await rest("PUT", `/customers/${customer.id}/text-consent`, { headers: byKey, body: { textConsent: true } })).status).toBe(401);
  });
});
