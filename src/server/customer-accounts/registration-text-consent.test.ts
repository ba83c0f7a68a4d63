import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NUMBER_CANNOT_TAKE_TEXTS, TEXT_CONSENT_WORDS } from "@/lib/texts";
import { getDb } from "@/server/db";
import { customers, textConsentChanges } from "@/server/db/schema";
import { createCustomer, fromAddress, rest } from "#test/support/helpers";

let counter = 0;
function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    fullName: "Rosa Diaz",
    email: `rosa.${counter}.${Date.now()}@example.com`,
    phone: "(512) 555-0188",
    address: "1100 Congress Ave",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    password: "garden-pass",
    confirmPassword: "garden-pass",
    ...overrides,
  };
}

function register(body: unknown) {
  return rest("POST", "/customer/register", { body, headers: fromAddress(`198.51.100.${counter + 20}`) });
}

async function recordOf(email: string) {
  const db = await getDb();
  const [row] = await db.select().from(customers).where(eq(customers.email, email));
  return row;
}

async function changesOf(customerId: number) {
  const db = await getDb();
  return db.select().from(textConsentChanges).where(eq(textConsentChanges.customerId, customerId));
}

describe('registering with "Text me about my visits"', () => {
  it('ticked, the new account agrees to texts at its phone, kept with the words and "registration"', async () => {
    const body = registration({ textConsent: true });

    const response = await register(body);

    expect(response.status).toBe(201);
    const account = (await recordOf(body.email))!;
    expect(account).toMatchObject({ textNumber: "+15125550188", textsStoppedAt: null, notifyBy: "both" });
    expect(account.textConsentAt).toBeInstanceOf(Date);
    expect(await changesOf(account.id)).toEqual([
      expect.objectContaining({ given: true, method: "registration", words: TEXT_CONSENT_WORDS, phone: "+15125550188" }),
    ]);
  });

  it("left out, keeps no consent", async () => {
    const body = registration();
    expect((await register(body)).status).toBe(201);
    const account = (await recordOf(body.email))!;
    expect(account).toMatchObject({ textConsentAt: null, textNumber: null, notifyBy: "email" });
    expect(await changesOf(account.id)).toEqual([]);
  });

  it("ticked with a number that cannot take texts, says so on the phone and opens no account", async () => {
    const body = registration({ textConsent: true, phone: "1-888-555-0101" });

    const response = await register(body);

    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ issues: [{ path: ["phone"], message: NUMBER_CANNOT_TAKE_TEXTS }] });
    expect(await recordOf(body.email)).toBeUndefined();
  });

  it("under the email of a record the business already keeps, changes nothing of it: a link goes there instead", async () => {
    const { customer: record } = await createCustomer({ phone: "(512) 555-0188" });

    const response = await register(registration({ email: record.email, textConsent: true }));

    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ authenticated: false });
    expect(await recordOf(record.email)).toMatchObject({ textConsentAt: null, textNumber: null, notifyBy: "email" });
    expect(await changesOf(record.id)).toEqual([]);
  });
});
