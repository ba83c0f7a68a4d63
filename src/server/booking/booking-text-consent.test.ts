import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { NUMBER_CANNOT_TAKE_TEXTS, TEXT_CONSENT_WORDS } from "@/lib/texts";
import { BOOKING_MESSAGES } from "@/lib/validation/booking";
import { getDb } from "@/server/db";
import { customers, schedules, textConsentChanges } from "@/server/db/schema";
import { InvalidInputError } from "@/server/errors";
import { setTextConsent } from "@/server/texts/consent";
import { createCustomer, customerCookie, fromAddress, rest } from "#test/support/helpers";
import { bookableServices, bookingRequest, daysAhead } from "#test/fixtures/bookings";
import { DEFAULT_CREW_CAPACITY, setCrewCapacity } from "@/server/schedules/crew-capacity";
import { createBooking } from "./create-booking";

let visitor = 0;
/** Each booking from an address of its own, so the per-address limit never decides a test. */
function book(body: unknown, headers: Record<string, string> = {}) {
  visitor += 1;
  return rest("POST", "/bookings", { body, headers: { ...fromAddress(`192.0.2.${visitor}`), ...headers } });
}

async function customerNamed(email: string) {
  const db = await getDb();
  const [row] = await db.select().from(customers).where(eq(customers.email, email.toLowerCase()));
  return row;
}

async function consentChangesOf(customerId: number) {
  const db = await getDb();
  return db.select().from(textConsentChanges).where(eq(textConsentChanges.customerId, customerId));
}

async function schedulesOf(customerId: number) {
  const db = await getDb();
  return db.select({ id: schedules.id }).from(schedules).where(eq(schedules.customerId, customerId));
}

let serviceId: number;
beforeEach(async () => {
  await setCrewCapacity(await getDb(), DEFAULT_CREW_CAPACITY);
  serviceId ??= (await bookableServices()).flat.id;
});

describe('a booking\'s "Text me about my visits"', () => {
  it("ticked, records consent for the number typed in the booking's transaction, with the words and how", async () => {
    const body = bookingRequest({ serviceId, phone: "(512) 555-0142", textConsent: true });

    const response = await book(body);

    expect(response.status).toBe(201);
    const customer = (await customerNamed(body.email))!;
    expect(customer).toMatchObject({ phone: "(512) 555-0142", textNumber: "+15125550142", textsStoppedAt: null, notifyBy: "both" });
    expect(customer.textConsentAt).toBeInstanceOf(Date);
    const changes = await consentChangesOf(customer.id);
    expect(changes).toEqual([
      expect.objectContaining({ given: true, method: "booking", words: TEXT_CONSENT_WORDS, phone: "+15125550142", staffUserId: null }),
    ]);
  });

  it("left out or unticked, records nothing and books as before", async () => {
    for (const body of [bookingRequest({ serviceId }), bookingRequest({ serviceId, textConsent: false })]) {
      const response = await book(body);
      expect(response.status).toBe(201);
      const customer = (await customerNamed(body.email))!;
      expect(customer).toMatchObject({ textConsentAt: null, textNumber: null, notifyBy: "email" });
      expect(await consentChangesOf(customer.id)).toEqual([]);
    }
  });

  it.each([
    ["a landline", "+1 242 322 1234"],
    ["a toll-free number", "800-555-0101"],
    ["a premium number", "900-234-5678"],
    ["a number abroad", "+44 20 7946 0958"],
    ["an invalid number", "123-456-7890"],
  ])("ticked with %s, refuses the booking on the phone field and makes nothing", async (_what, phone) => {
    const body = bookingRequest({ serviceId, phone, textConsent: true });

    const response = await book(body);

    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      message: NUMBER_CANNOT_TAKE_TEXTS,
      issues: [{ path: ["phone"], message: NUMBER_CANNOT_TAKE_TEXTS }],
    });
    expect(await customerNamed(body.email)).toBeUndefined();
  });

  it("refuses a number that cannot take texts in the domain function too, whatever the caller checked", async () => {
    const db = await getDb();
    const request = { ...bookingRequest({ phone: "800-555-0101" }), serviceId, textConsent: true } as Parameters<
      typeof createBooking
    >[1]["request"];

    await expect(createBooking(db, { request })).rejects.toThrow(new InvalidInputError(NUMBER_CANNOT_TAKE_TEXTS, "phone"));
    expect(await customerNamed(request.email)).toBeUndefined();
  });

  it("made without signing in under an account's email, never changes that account's consent, and still books", async () => {
    const { customer: account } = await createCustomer({ password: "garden-pass", phone: "512-555-0150" });
    const withConsent = (await createCustomer({ password: "garden-pass", phone: "512-555-0151" })).customer;
    const db = await getDb();
    await setTextConsent(db, withConsent.id, { given: true, method: "portal", words: TEXT_CONSENT_WORDS, notifyBy: "email" });
    const before = await consentChangesOf(withConsent.id);

    // The account's own phone typed by someone who is not signed in: still not theirs to give.
    const first = await book(bookingRequest({ serviceId, email: account.email, phone: "512-555-0150", textConsent: true }));
    const second = await book(bookingRequest({ serviceId, email: withConsent.email, phone: "512-555-0177", textConsent: true }));

    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await schedulesOf(account.id)).toHaveLength(1);
    expect(await customerNamed(account.email)).toMatchObject({ textConsentAt: null, textNumber: null, notifyBy: "email" });
    expect(await consentChangesOf(account.id)).toEqual([]);
    expect(await customerNamed(withConsent.email)).toMatchObject({ textNumber: "+15125550151", notifyBy: "email" });
    expect(await consentChangesOf(withConsent.id)).toEqual(before);
  });

  it("under the email of a record without an account, records consent only when the phone typed is the record's", async () => {
    const same = (await createCustomer({ phone: "512-555-0160" })).customer;
    const other = (await createCustomer({ phone: "512-555-0161" })).customer;

    await book(bookingRequest({ serviceId, email: same.email, phone: "(512) 555 0160", textConsent: true }));
    await book(bookingRequest({ serviceId, email: other.email, phone: "512-555-0199", textConsent: true }));

    expect(await customerNamed(same.email)).toMatchObject({ textNumber: "+15125550160", notifyBy: "both" });
    expect(await consentChangesOf(same.id)).toEqual([expect.objectContaining({ given: true, method: "booking" })]);
    expect(await customerNamed(other.email)).toMatchObject({ textConsentAt: null, textNumber: null });
    expect(await consentChangesOf(other.id)).toEqual([]);
    expect(await schedulesOf(other.id)).toHaveLength(1);
  });

  it("signed in, records the account's consent; a phone other than the account's is refused on the phone field", async () => {
    const { customer } = await createCustomer({ password: "garden-pass", phone: "512-555-0170" });
    const cookie = await customerCookie(customer.id);

    const other = await book(bookingRequest({ serviceId, phone: "512-555-0171", textConsent: true }), { cookie });
    expect(other.status).toBe(400);
    expect(other.json).toMatchObject({ issues: [{ path: ["phone"], message: BOOKING_MESSAGES.textsGoToAccountPhone }] });
    expect(await schedulesOf(customer.id)).toEqual([]);

    const own = await book(bookingRequest({ serviceId, phone: "512-555-0170", textConsent: true }), { cookie });
    expect(own.status).toBe(201);
    expect(await customerNamed(customer.email)).toMatchObject({ textNumber: "+15125550170", notifyBy: "both" });
    expect(await consentChangesOf(customer.id)).toEqual([expect.objectContaining({ given: true, method: "booking" })]);
  });

  it("keeps no consent when the booking is refused for a full slot", async () => {
    const db = await getDb();
    await setCrewCapacity(db, 1);
    const date = daysAhead(20);
    const first = await book(bookingRequest({ serviceId, date, timeSlot: "15:00" }));
    expect(first.status).toBe(201);
    const body = bookingRequest({ serviceId, date, timeSlot: "15:00", textConsent: true });

    const full = await book(body);

    expect(full.status).toBe(409);
    expect(await customerNamed(body.email)).toBeUndefined();
  });
});
