import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NUMBER_CANNOT_TAKE_TEXTS, TEXT_CONSENT_WORDS } from "@/lib/texts";
import { getDb } from "@/server/db";
import { customers, textConsentChanges } from "@/server/db/schema";
import { stopTextsTo } from "@/server/texts/consent";
import { createCustomer, customerCookie, rest } from "#test/support/helpers";

async function signedIn(phone = "(512) 555-0131") {
  const { customer } = await createCustomer({ password: "garden-pass", phone });
  return { customer, headers: { cookie: await customerCookie(customer.id) } };
}

async function recordOf(customerId: number) {
  const db = await getDb();
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  return row!;
}

async function changesOf(customerId: number) {
  const db = await getDb();
  return db.select().from(textConsentChanges).where(eq(textConsentChanges.customerId, customerId)).orderBy(textConsentChanges.id);
}

const save = (headers: Record<string, string>, body: unknown) => rest("PUT", "/customer/text-preference", { headers, body });

describe("GET and PUT /customer/text-preference", () => {
  it("starts without consent, by email", async () => {
    const { headers } = await signedIn();
    const response = await rest("GET", "/customer/text-preference", { headers });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ textConsent: false, notifyBy: "email", textNumber: null, stopped: false, canText: false });
  });

  it('ticked, agrees to texts at the profile\'s phone with the words and "portal"; saving it again keeps nothing more', async () => {
    const { customer, headers } = await signedIn();

    const first = await save(headers, { textConsent: true });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ textConsent: true, notifyBy: "both", textNumber: "+15125550131", stopped: false, canText: true });
    const afterFirst = await recordOf(customer.id);

    const again = await save(headers, { textConsent: true, notifyBy: "both" });
    expect(again.json).toEqual(first.json);
    expect(await changesOf(customer.id)).toEqual([
      expect.objectContaining({ given: true, method: "portal", words: TEXT_CONSENT_WORDS, phone: "+15125550131" }),
    ]);
    // Not even the record's time of change moves for a save that changes nothing.
    expect((await recordOf(customer.id)).updatedAt).toEqual(afterFirst.updatedAt);
  });

  it("changes how notices come without a new consent, and unticked withdraws it once, back to email", async () => {
    const { customer, headers } = await signedIn();
    await save(headers, { textConsent: true });

    const textOnly = await save(headers, { textConsent: true, notifyBy: "text" });
    expect(textOnly.json).toMatchObject({ textConsent: true, notifyBy: "text", canText: true });
    expect(await changesOf(customer.id)).toHaveLength(1);

    const off = await save(headers, { textConsent: false, notifyBy: "text" });
    expect(off.json).toEqual({ textConsent: false, notifyBy: "email", textNumber: null, stopped: false, canText: false });
    const offAgain = await save(headers, { textConsent: false });
    expect(offAgain.json).toEqual(off.json);
    expect((await changesOf(customer.id)).map(({ given, method }) => ({ given, method }))).toEqual([
      { given: true, method: "portal" },
      { given: false, method: "portal" },
    ]);
  });

  it("reaches only the signed-in customer's record, whatever the body names", async () => {
    const a = await signedIn("(512) 555-0132");
    const b = await signedIn("(512) 555-0133");

    const response = await save(b.headers, { textConsent: true, customerId: a.customer.id });

    expect(response.json).toMatchObject({ textNumber: "+15125550133" });
    expect(await recordOf(a.customer.id)).toMatchObject({ textConsentAt: null, textNumber: null });
    expect(await changesOf(a.customer.id)).toEqual([]);
    expect((await rest("GET", "/customer/text-preference", { headers: a.headers })).json).toMatchObject({ textConsent: false });
  });

  it("after STOP says so, and ticking the box again resumes texts", async () => {
    const { customer, headers } = await signedIn("(512) 555-0134");
    await save(headers, { textConsent: true, notifyBy: "text" });
    await stopTextsTo(await getDb(), "+15125550134", "STOP");

    const stopped = await rest("GET", "/customer/text-preference", { headers });
    expect(stopped.json).toMatchObject({ textConsent: true, stopped: true, canText: false });

    const resumed = await save(headers, { textConsent: true, notifyBy: "text" });
    expect(resumed.json).toEqual({ textConsent: true, notifyBy: "text", textNumber: "+15125550134", stopped: false, canText: true });
    expect((await changesOf(customer.id)).map(({ given, method }) => ({ given, method }))).toEqual([
      { given: true, method: "portal" },
      { given: false, method: "keyword" },
      { given: true, method: "portal" },
    ]);
  });

  it("pauses texts when the profile's phone changes, until the box is ticked for the new number", async () => {
    const { customer, headers } = await signedIn("(512) 555-0135");
    await save(headers, { textConsent: true });
    const profile = (await rest("GET", "/customer/profile", { headers })).json as Record<string, string>;
    const { fullName, email, address, city, state, zipCode } = profile;
    await rest("PUT", "/customer/profile", { headers, body: { fullName, email, address, city, state, zipCode, phone: "512-555-0136" } });

    const paused = await rest("GET", "/customer/text-preference", { headers });
    expect(paused.json).toEqual({ textConsent: true, notifyBy: "both", textNumber: "+15125550135", stopped: false, canText: false });

    const moved = await save(headers, { textConsent: true });
    expect(moved.json).toMatchObject({ textNumber: "+15125550136", canText: true });
    expect((await changesOf(customer.id)).map(({ phone }) => phone)).toEqual(["+15125550135", "+15125550136"]);
  });

  it("refuses on the phone a profile phone that cannot take texts, and keeps nothing", async () => {
    const { customer, headers } = await signedIn("1-800-555-0101");

    const response = await save(headers, { textConsent: true });

    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ message: NUMBER_CANNOT_TAKE_TEXTS, issues: [{ path: ["phone"] }] });
    expect(await changesOf(customer.id)).toEqual([]);
  });

  it("answers 401 without a customer session", async () => {
    expect((await rest("GET", "/customer/text-preference")).status).toBe(401);
    expect((await save({}, { textConsent: true })).status).toBe(401);
  });
});
