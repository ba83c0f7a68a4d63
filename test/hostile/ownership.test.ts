import { desc, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { calendarForToken } from "@/server/calendar/feeds";
import { getDb } from "@/server/db";
import { customers, emailOutbox, payments, schedules, services, visits } from "@/server/db/schema";
import { startStripeStandIn, type StripeStandIn } from "../doubles/stripe-stand-in";
import { bookingRequest } from "../fixtures/bookings";
import { cookieHeaderFrom, createCustomer, customerCookie, registrationBody, rest, staffCookie } from "../support/helpers";
import { setEnv } from "../support/env";
import { insertMessage, latestLinkToken } from "../fixtures/portal-data";
import { announceQueuedBookings } from "../support/notifications";

/**
 * The ownership attacks of docs/product-rules.md#who-owns-a-visit, replayed over HTTP by someone who
 * has only the API: each must be refused.
 */

let stripe: StripeStandIn;
let staff: string;
let serviceId: number;

beforeAll(async () => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  stripe = await startStripeStandIn();
  staff = await staffCookie();
  const [service] = await (await getDb()).insert(services).values({ name: "Basic Lawn Mowing", price: 3500, duration: 60 }).returning();
  serviceId = service!.id;
});
beforeEach(() => {
  setEnv({
    STRIPE_SECRET_KEY: "sk_test_standin",
    STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
    STRIPE_API_BASE_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: "whsec_ownership",
  });
});
afterAll(async () => {
  setEnv({
    STRIPE_SECRET_KEY: undefined,
    STRIPE_PUBLISHABLE_KEY: undefined,
    STRIPE_API_BASE_URL: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
  });
  await stripe.close();
  vi.restoreAllMocks();
});

let sequence = 0;
const address = () => `ownership.${Date.now()}.${sequence++}@example.com`;

/** A booking made on the website without signing in, as anyone can make one. */
async function bookAnonymously(email: string, overrides: Record<string, unknown> = {}) {
  const booked = await rest("POST", "/bookings", {
    body: bookingRequest({ serviceId, email, fullName: "Vera Victim", address: "7 Secret Garden Ln", ...overrides }),
  });
  expect(booked.status, booked.text).toBe(201);
  const [plan] = await (await getDb())
    .select()
    .from(schedules)
    .where(eq(schedules.id, booked.json.scheduleId as number));
  const [visit] = await (await getDb()).select().from(visits).where(eq(visits.scheduleId, plan!.id));
  return { plan: plan!, visitId: String(visit!.id) };
}

async function register(email: string) {
  const answer = await rest("POST", "/customer/register", { body: registrationBody({ email, fullName: "Mallory Attacker" }) });
  expect(answer.status, answer.text).toBe(201);
  expect(answer.json.authenticated).toBe(true);
  return cookieHeaderFrom(answer.headers);
}

async function changeEmail(cookie: string, email: string) {
  const profile = await rest("GET", "/customer/profile", { headers: { cookie } });
  const { fullName, phone, address: street, city, state, zipCode } = profile.json as Record<string, string>;
  const answer = await rest("PUT", "/customer/profile", {
    headers: { cookie },
    body: { fullName, email, phone, address: street, city, state, zipCode },
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
}

async function verifyFromInbox(cookie: string, email: string) {
  const link = await latestLinkToken("verify");
  expect(link.to).toBe(email);
  const answer = await rest("POST", "/customer/verify-email", { headers: { cookie }, body: { token: link.token } });
  expect(answer.status, answer.text).toBe(200);
}

async function appointmentsOf(cookie: string) {
  const answer = await rest("GET", "/customer/appointments", { headers: { cookie } });
  expect(answer.status).toBe(200);
  return answer.json as {
    upcoming: Array<{ visitId: string }>;
    past: unknown[];
    awaitingConfirmation: Array<{ visitId: string }>;
    historyHidden: boolean;
  };
}

/** Every way the portal could reach the visit: each answers as if it did not exist. */
async function expectUnreachable(cookie: string, visitId: string) {
  const body = await appointmentsOf(cookie);
  expect(JSON.stringify(body)).not.toContain("Secret Garden");
  for (const [method, path, payload] of [
    ["POST", `/customer/appointments/${visitId}/cancel`, undefined],
    ["POST", `/customer/appointments/${visitId}/skip`, {}],
    ["POST", `/customer/appointments/${visitId}/pause`, { until: bookingRequest().date }],
    ["POST", `/customer/appointments/${visitId}/preview`, { change: { action: "skip" } }],
  ] as const) {
    const answer = await rest(method, path, { headers: { cookie }, body: payload });
    expect(answer.status, `${path}: ${answer.text}`).toBe(404);
  }
}

describe("the email-change chain", () => {
  it("does not carry a claim: register with the victim's address, let them book, move to your own address and confirm it", async () => {
    const victim = address();
    const attacker = address();
    const cookie = await register(victim);
    const { plan, visitId } = await bookAnonymously(victim);
    expect((await appointmentsOf(cookie)).historyHidden).toBe(true);
    // The office writes to the record about the victim's visit.
    await insertMessage(plan.customerId, "Your visit at 7 Secret Garden Ln moved to Friday", "user");

    const changed = await changeEmail(cookie, attacker);
    expect(changed.isVerified).toBe(false);
    await verifyFromInbox(cookie, attacker);
    expect((await rest("GET", "/customer/profile", { headers: { cookie } })).json.isVerified).toBe(true);

    const after = await appointmentsOf(cookie);
    expect(after.historyHidden).toBe(false);
    expect(after.upcoming).toEqual([]);
    expect(after.awaitingConfirmation).toEqual([]);
    await expectUnreachable(cookie, visitId);
    expect((await rest("POST", `/customer/appointments/${visitId}/confirm`, { headers: { cookie } })).status).toBe(404);
    // Nor the office's note about it, written while the record had the victim's address.
    const conversation = await rest("GET", "/customer/messages", { headers: { cookie } });
    expect(conversation.status).toBe(200);
    expect(conversation.text).not.toContain("Secret Garden");
  });

  it("does not keep a confirmation: a confirmed account that moves to the victim's address sees none of their bookings", async () => {
    const victim = address();
    const { customer } = await createCustomer({ password: "confirmed-1", email: address() });
    const cookie = await customerCookie(customer.id);
    const changed = await changeEmail(cookie, victim);
    expect(changed.isVerified).toBe(false);

    const { visitId } = await bookAnonymously(victim);
    const seen = await appointmentsOf(cookie);
    expect(seen.historyHidden).toBe(true);
    expect(seen.upcoming).toEqual([]);
    await expectUnreachable(cookie, visitId);
    // Nor by paying for it: no payment of it is listed.
    expect((await rest("GET", "/customer/payments", { headers: { cookie } })).json).toEqual([]);
  });
});

describe("the calendar feed", () => {
  it("of an unconfirmed account lists none of the visits booked under its email", async () => {
    const victim = address();
    const cookie = await register(victim);
    await bookAnonymously(victim);
    const feed = await rest("POST", "/customer/calendar-feed", { headers: { cookie } });
    expect(feed.status, feed.text).toBe(201);
    const token = /calendar\/([a-z2-7]+)\.ics/.exec(feed.json.url as string)![1]!;
    const text = (await calendarForToken(await getDb(), token))!;
    expect(text).not.toContain("Secret Garden");
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getAllSubcomponents("vevent")).toHaveLength(0);
  });
});

describe("a stranger's booking under a protected email", () => {
  async function ownerWithAutopay() {
    const email = address();
    const { customer } = await createCustomer({ password: "owner-pass-1", email, fullName: "Olivia Owner" });
    const cookie = await customerCookie(customer.id);
    const setup = await rest("POST", "/customer/cards/setup", { headers: { cookie } });
    expect(setup.status, setup.text).toBe(200);
    await stripe.completeSetupIntent((setup.json.clientSecret as string).split("_secret_")[0]!, "visa");
    const autopay = await rest("PUT", "/customer/autopay", { headers: { cookie }, body: { enabled: true } });
    expect(autopay.status, autopay.text).toBe(200);
    return { customer, cookie, email };
  }

  async function complete(visitId: string) {
    const answer = await rest("PATCH", `/schedules/visits/${visitId}/status`, {
      headers: { cookie: staff },
      body: { status: "completed" },
    });
    expect(answer.status, answer.text).toBe(200);
  }

  it("is never shown or charged until the owner confirms it, and names the person who typed it", async () => {
    const owner = await ownerWithAutopay();
    const { plan, visitId } = await bookAnonymously(owner.email.toUpperCase(), { fullName: "Sam Stranger" });
    expect(plan.customerId).toBe(owner.customer.id);

    // Held apart, never among the owner's visits, never changeable.
    const seen = await appointmentsOf(owner.cookie);
    expect(seen.upcoming.map((visit) => visit.visitId)).not.toContain(visitId);
    expect(seen.awaitingConfirmation.map((visit) => visit.visitId)).toEqual([visitId]);
    for (const path of [`/customer/appointments/${visitId}/cancel`, `/customer/appointments/${visitId}/skip`]) {
      expect((await rest("POST", path, { headers: { cookie: owner.cookie }, body: {} })).status).toBe(404);
    }

    // The office's notice and the confirmation name the person who booked, not the account holder.
    const db = await getDb();
    await announceQueuedBookings(db);
    const mail = await db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(10);
    const notice = mail.find((row) => row.kind === "staff_new_booking" && row.body.includes(plan.bookingReference!));
    expect(notice?.subject).toContain("Sam Stranger");
    expect(notice?.body).not.toContain("Olivia Owner");
    const confirmation = mail.find((row) => row.kind === "booking_confirmation" && row.body.includes(plan.bookingReference!));
    expect(confirmation?.body).toContain("Sam Stranger");
    expect(confirmation?.body).toContain("This is mine");

    // Completed by the crew: autopay leaves it alone.
    await complete(visitId);
    expect(
      await db
        .select()
        .from(payments)
        .where(eq(payments.visitId, Number(visitId))),
    ).toEqual([]);
    expect([...stripe.intents.values()].filter((intent) => intent.metadata?.visitId === visitId)).toEqual([]);
  });

  it("joins the account once the owner says it is theirs, and is then charged like any visit", async () => {
    const owner = await ownerWithAutopay();
    const { visitId } = await bookAnonymously(owner.email);
    const confirmed = await rest("POST", `/customer/appointments/${visitId}/confirm`, { headers: { cookie: owner.cookie } });
    expect(confirmed.status, confirmed.text).toBe(200);
    const seen = await appointmentsOf(owner.cookie);
    expect(seen.upcoming.map((visit) => visit.visitId)).toContain(visitId);
    expect(seen.awaitingConfirmation).toEqual([]);
    expect((await rest("POST", `/customer/appointments/${visitId}/confirm`, { headers: { cookie: owner.cookie } })).status).toBe(409);

    await complete(visitId);
    const [payment] = await (await getDb())
      .select()
      .from(payments)
      .where(eq(payments.visitId, Number(visitId)));
    expect(payment).toMatchObject({ customerId: owner.customer.id, status: expect.stringMatching(/pending|completed/) });
  });

  it("made by the owner while signed in is theirs at once", async () => {
    const owner = await ownerWithAutopay();
    const booked = await rest("POST", "/bookings", {
      headers: { cookie: owner.cookie },
      body: bookingRequest({ serviceId, email: owner.email }),
    });
    expect(booked.status, booked.text).toBe(201);
    const seen = await appointmentsOf(owner.cookie);
    expect(seen.upcoming.length).toBe(1);
    expect(seen.awaitingConfirmation).toEqual([]);
  });

  it("cannot be confirmed by an account that has not proved the address", async () => {
    const victim = address();
    const cookie = await register(victim);
    const { visitId } = await bookAnonymously(victim);
    expect((await rest("POST", `/customer/appointments/${visitId}/confirm`, { headers: { cookie } })).status).toBe(404);
    const [record] = await (await getDb()).select().from(customers).where(eq(customers.email, victim));
    expect(record!.isVerified).toBe(false);
  });
});
