import { and, desc, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, businessInstant, businessToday, formatBusinessDate } from "@/lib/business-time";
import type { TQuoteOfferInput } from "@/lib/validation/quotes";
import { getDb } from "@/server/db";
import { customers, emailOutbox, payments, quoteAcceptances, quotes, schedules, visits, webhookEvents } from "@/server/db/schema";
import { setCrewCapacity } from "@/server/schedules/crew-capacity";
import { createWebhookEndpoint } from "@/server/webhooks/endpoints";
import { findVisit, moveVisit } from "@/server/schedules/visits";
import { anonymousCaller, callerWith, createCustomer, customerCookie, rest, staffCaller, staffCookie } from "#test/support/helpers";
import { setEnv } from "#test/support/env";
import { paymentIntentObject, signedStripeEvent } from "#test/support/stripe";
import { quoteOffer as offer } from "#test/fixtures/quotes";
import { QUOTE_DECLINED } from "./quotes";
import { quoteDay } from "@/lib/quote-plan-text";

const today = businessToday();
let sequence = 0;
const uniqueEmail = () => `quote.${Date.now().toString(36)}.${sequence++}@example.com`;

async function newQuote(overrides: Partial<TQuoteOfferInput> = {}, email = uniqueEmail()) {
  const staff = await staffCaller();
  const quote = await staff.quotes.create({
    ...offer(overrides),
    contact: { fullName: "Dana Whitfield", email, address: "4512 Avenue F", city: "Austin", zipCode: "78751" },
  });
  return { staff, quote };
}

/** The token in the latest quote email to this address, as the customer's inbox would show it. */
async function tokenSentTo(email: string): Promise<string> {
  const db = await getDb();
  const [sent] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "quote")))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const token = /\/q\/([a-z2-7]+)/.exec(sent?.body ?? "")?.[1];
  if (!token) throw new Error(`No quote link was emailed to ${email}`);
  return token;
}

async function sentQuote(overrides: Partial<TQuoteOfferInput> = {}) {
  const email = uniqueEmail();
  const { staff, quote } = await newQuote(overrides, email);
  await staff.quotes.send({ id: quote.id });
  return { staff, quote, email, token: await tokenSentTo(email) };
}

async function quoteRow(id: number) {
  const [row] = await (await getDb()).select().from(quotes).where(eq(quotes.id, id));
  return row!;
}

describe("building and sending a quote", () => {
  it("stores a draft with its lines and totals in cents, at the tax rate in Settings", async () => {
    const { quote } = await newQuote();
    expect(quote).toMatchObject({ status: "draft", currentVersion: 1, link: "none" });
    expect(quote.version.taxRateBasisPoints).toBe(825);
    // 1,020.00 required; 8.25% = 84.15
    expect(quote.version.totals).toEqual({ subtotal: 102_000, tax: 8_415, total: 110_415, deposit: 0 });
  });

  it("emails what the quote holds: the office's note, the last day in words, optional items only when there are some", async () => {
    const emailOf = async (email: string) => {
      const [sent] = await (await getDb())
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "quote")));
      return sent!.body;
    };
    const expiresOn = addDays(today, 14);
    const plain = uniqueEmail();
    const { staff, quote } = await newQuote(
      {
        items: [{ description: "Sod, St. Augustine (pallet)", quantity: 2, unitPrice: 45_000 }],
        message: "Price includes grading the low spot by the fence.",
        expiresOn,
      },
      plain,
    );
    await staff.quotes.send({ id: quote.id });
    const body = await emailOf(plain);
    expect(body).toContain("Price includes grading the low spot by the fence.");
    expect(body).toContain(`Valid through: ${quoteDay(expiresOn)}`);
    expect(body).not.toContain(expiresOn);
    expect(body).not.toContain("optional items");
    expect(body).toContain("You can accept online by typing your name, or decline.");

    const withOptions = uniqueEmail();
    const second = await newQuote({}, withOptions);
    await second.staff.quotes.send({ id: second.quote.id });
    expect(await emailOf(withOptions)).toContain("You can choose optional items");
  });

  it("emails a link whose token is stored only as a hash, and fires quote.sent", async () => {
    await createWebhookEndpoint(
      await getDb(),
      { url: "https://hooks.example.com/quotes", events: ["quote.sent", "quote.accepted", "quote.declined"], enabled: true },
      null,
    );
    const { quote, token } = await sentQuote();
    const row = await quoteRow(quote.id);
    expect(row.status).toBe("sent");
    expect(row.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    const events = await (await getDb()).select().from(webhookEvents).where(eq(webhookEvents.type, "quote.sent"));
    expect(events.some((event) => (event.payload as { data: { quote: { id: number } } }).data.quote.id === quote.id)).toBe(true);
  });

  it("shows the page by the token, without an account, and marks the quote viewed", async () => {
    const { quote, token } = await sentQuote();
    const page = await (await anonymousCaller()).quotePage.view({ token });
    expect(page).toMatchObject({ reference: `Q-${quote.id}`, version: 1, status: "viewed" });
    expect(page.items.filter((item) => item.optional)).toHaveLength(1);
    expect((await quoteRow(quote.id)).status).toBe("viewed");
  });

  it("makes the link sent before useless when the quote is sent again", async () => {
    const { staff, quote, token, email } = await sentQuote();
    await staff.quotes.send({ id: quote.id });
    const fresh = await tokenSentTo(email);
    expect(fresh).not.toBe(token);
    expect((await rest("POST", "/quote-page", { body: { token } })).status).toBe(404);
    expect((await rest("POST", "/quote-page", { body: { token: fresh } })).status).toBe(200);
  });
});

describe("quote links that no longer work", () => {
  it("answers 404 for an unknown token, 410 for a revoked one and for an expired quote", async () => {
    expect((await rest("POST", "/quote-page", { body: { token: "a".repeat(32) } })).status).toBe(404);

    const revoked = await sentQuote();
    await revoked.staff.quotes.revoke({ id: revoked.quote.id });
    const gone = await rest("POST", "/quote-page", { body: { token: revoked.token } });
    expect(gone.status).toBe(410);
    expect(gone.json.message).toMatch(/withdrawn/);
    expect(
      (
        await rest("POST", "/quote-page/accept", {
          body: { token: revoked.token, version: 1, signedName: "Dana Whitfield", agreeToTerms: true },
        })
      ).status,
    ).toBe(410);

    const expiring = await sentQuote();
    await (await getDb()).execute(
      // The quote's last day passes.
      (await import("drizzle-orm")).sql`update quote_versions set expires_on = ${addDays(today, -1)} where quote_id = ${expiring.quote.id}`,
    );
    const expired = await rest("POST", "/quote-page", { body: { token: expiring.token } });
    expect(expired.status).toBe(410);
    expect(expired.json.message).toMatch(/expired/);
  });
});

describe("accepting", () => {
  it("records the name, time, address and exact version, and makes the plan under the quote's email", async () => {
    const { quote, token, email } = await sentQuote();
    const page = await (await anonymousCaller()).quotePage.view({ token });
    const optional = page.items.find((item) => item.optional)!;
    const caller = await callerWith({ "x-test": "1" });
    await expect(
      caller.quotePage.accept({ token, version: 1, signedName: "Dana Whitfield", agreeToTerms: true, optionalItemIds: [optional.id] }),
    ).resolves.toEqual({ status: "accepted", deposit: 0 });

    const db = await getDb();
    const [acceptance] = await db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id));
    // 1,060.00 with the fertilizer; tax 87.45
    expect(acceptance).toMatchObject({
      status: "accepted",
      version: 1,
      signedName: "Dana Whitfield",
      clientAddress: "203.0.113.9",
      subtotal: 106_000,
      tax: 8_745,
      total: 114_745,
      optionalItemIds: [optional.id],
    });
    const row = await quoteRow(quote.id);
    expect(row.status).toBe("accepted");
    const [plan] = await db.select().from(schedules).where(eq(schedules.id, row.scheduleId!));
    expect(plan).toMatchObject({ bookedEmail: email, bookedVia: "office", isRecurring: false, totalPrice: 114_745, status: "pending" });
    const [customer] = await db.select().from(customers).where(eq(customers.id, plan!.customerId));
    expect(customer!.email).toBe(email);
    expect(await db.$count(visits, eq(visits.scheduleId, plan!.id))).toBe(1);
    // The office is told, and the customer gets their copy: when the visit is, what they accepted.
    expect(await db.$count(emailOutbox, eq(emailOutbox.subject, `Quote Q-${quote.id} accepted by Dana Whitfield`))).toBe(1);
    expect(await db.$count(emailOutbox, eq(emailOutbox.subject, `You accepted quote Q-${quote.id}`))).toBe(1);
    const [copy] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "quote_accepted")));
    expect(copy!.subject).toBe(`You accepted quote Q-${quote.id}`);
    expect(copy!.body).toContain(`The visit is on ${formatBusinessDate(plan!.startTime, "EEEE, MMMM d 'at' h:mm a")}.`);
    expect(copy!.body).toContain("Total accepted: $1,147.45");

    await expect(caller.quotePage.accept({ token, version: 1, signedName: "Dana Whitfield", agreeToTerms: true })).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  it("refuses an acceptance without the terms ticked or with an item that is not optional", async () => {
    const { token } = await sentQuote();
    const noTerms = await rest("POST", "/quote-page/accept", {
      body: { token, version: 1, signedName: "Dana Whitfield", agreeToTerms: false },
    });
    expect(noTerms.status).toBe(400);
    expect(noTerms.json.message).toBe("Please tick the box to accept the terms");
    const page = await (await anonymousCaller()).quotePage.view({ token });
    const required = page.items.find((item) => !item.optional)!;
    const sneaky = await rest("POST", "/quote-page/accept", {
      body: { token, version: 1, signedName: "Dana Whitfield", agreeToTerms: true, optionalItemIds: [required.id] },
    });
    expect(sneaky.status).toBe(400);
  });

  it("refuses the old version's acceptance once the quote is revised, and shows the latest", async () => {
    const { staff, quote, token } = await sentQuote();
    await staff.quotes.revise({
      id: quote.id,
      ...offer({ items: [{ description: "Sod, Zoysia (pallet)", quantity: 2, unitPrice: 52_000 }] }),
    });
    const caller = await anonymousCaller();
    await expect(caller.quotePage.accept({ token, version: 1, signedName: "Dana Whitfield", agreeToTerms: true })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/updated after you opened it/),
    });
    const page = await caller.quotePage.view({ token });
    expect(page.version).toBe(2);
    expect(page.items.map((item) => item.description)).toEqual(["Sod, Zoysia (pallet)"]);
    await expect(caller.quotePage.accept({ token, version: 2, signedName: "Dana Whitfield", agreeToTerms: true })).resolves.toMatchObject({
      status: "accepted",
    });
  });

  it("voids an acceptance waiting for its deposit when the quote is revised", async () => {
    const { staff, quote, token } = await sentQuote({ deposit: { kind: "percent", value: 25 } });
    await (await anonymousCaller()).quotePage.accept({ token, version: 1, signedName: "Dana Whitfield", agreeToTerms: true });
    await staff.quotes.revise({ id: quote.id, ...offer({ deposit: { kind: "percent", value: 25 } }) });
    const rows = await (await getDb()).select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id));
    expect(rows.map((row) => row.status)).toEqual(["void"]);
  });

  it("lets exactly one of an acceptance and a revision racing each other win", async () => {
    for (let round = 0; round < 4; round++) {
      const { staff, quote, token } = await sentQuote();
      const customer = await anonymousCaller();
      const [accepted, revised] = await Promise.allSettled([
        customer.quotePage.accept({ token, version: 1, signedName: "Dana Whitfield", agreeToTerms: true }),
        staff.quotes.revise({ id: quote.id, ...offer({ items: [{ description: "Mulch (yard)", quantity: 3, unitPrice: 6_000 }] }) }),
      ]);
      expect([accepted.status, revised.status].filter((status) => status === "fulfilled")).toHaveLength(1);
      const row = await quoteRow(quote.id);
      if (accepted.status === "fulfilled") expect(row).toMatchObject({ status: "accepted", currentVersion: 1 });
      else expect(row).toMatchObject({ status: "sent", currentVersion: 2, scheduleId: null });
      expect(
        await (await getDb()).$count(schedules, eq(schedules.notes, `From quote Q-${quote.id} (version 1), accepted by Dana Whitfield.`)),
      ).toBe(accepted.status === "fulfilled" ? 1 : 0);
    }
  });

  it("flags a visit no crew can take as needing a time, everywhere staff look, until staff give it one", async () => {
    const db = await getDb();
    await setCrewCapacity(db, 1);
    try {
      const date = addDays(today, 20);
      const { customer } = await createCustomer();
      const staff = await staffCaller();
      await fillDay(staff, customer.id, date);
      const waitingBefore = (await staff.dashboard.stats({})).visitsNeedingTime;
      const { quote, token } = await sentQuote({ plan: { kind: "one_time", firstDate: date, startTime: "10:00", durationMinutes: 60 } });
      await (await anonymousCaller()).quotePage.accept({ token, version: 1, signedName: "Dana Whitfield", agreeToTerms: true });
      const detail = await staff.quotes.get({ id: quote.id });
      expect(detail.acceptance?.visitsNeedingTime).toHaveLength(1);
      const [visit] = await db.select().from(visits).where(eq(visits.scheduleId, detail.scheduleId!));
      expect(visit).toMatchObject({ status: "pending", id: detail.acceptance!.visitsNeedingTime[0], needsTime: true });
      expect(detail.visitsNeedingTime).toEqual([{ visitId: String(visit!.id), startTime: visit!.startTime, endTime: visit!.endTime }]);

      // The schedule flags it in the day's list, counts it on its day, and lists it with the others waiting.
      const day = await staff.schedules.list({ startDate: date, endDate: date });
      expect(day.filter((listed) => listed.needsTime).map((listed) => listed.visitId)).toEqual([String(visit!.id)]);
      expect((await staff.schedules.dayCounts({ startDate: date, endDate: date }))[0]).toMatchObject({ needsTime: 1, pending: 1 });
      expect((await staff.schedules.needingTime({})).map((listed) => listed.visitId)).toContain(String(visit!.id));
      expect((await staff.schedules.get({ id: detail.scheduleId! })).visitsNeedingTime).toBe(1);
      expect((await staff.dashboard.stats({})).visitsNeedingTime).toBe(waitingBefore + 1);
      // REST answers the same: the list as PostgreSQL writes it, and the quote.
      const cookie = await staffCookie();
      const listed = await rest("GET", `/schedules?startDate=${date}&endDate=${date}`, { headers: { cookie } });
      expect(
        (listed.json as unknown as Array<{ visitId: string; needsTime: boolean }>).find((entry) => entry.visitId === String(visit!.id)),
      ).toMatchObject({
        needsTime: true,
      });
      expect((await rest("GET", `/quotes/${quote.id}`, { headers: { cookie } })).json).toMatchObject({
        visitsNeedingTime: [{ visitId: String(visit!.id) }],
      });

      // Staff give it a time: the next day, where a crew is free.
      const plan = await staff.schedules.get({ id: detail.scheduleId! });
      const start = businessInstant(addDays(date, 1), "10:00");
      await staff.schedules.update({
        id: plan.id,
        customerId: plan.customerId,
        serviceId: plan.serviceId,
        date: start,
        startTime: start,
        endTime: new Date(start.getTime() + 60 * 60_000),
        status: "pending",
        totalPrice: plan.totalPrice,
        isRecurring: false,
      });
      const [given] = await db.select().from(visits).where(eq(visits.id, visit!.id));
      expect(given).toMatchObject({ needsTime: false, status: "pending", startTime: start });
      const after = await staff.quotes.get({ id: quote.id });
      expect(after.visitsNeedingTime).toEqual([]);
      // What acceptance found stays on its record.
      expect(after.acceptance?.visitsNeedingTime).toEqual([visit!.id]);
      expect((await staff.schedules.needingTime({})).map((entry) => entry.visitId)).not.toContain(String(visit!.id));
      expect((await staff.schedules.get({ id: plan.id })).visitsNeedingTime).toBe(0);
      expect((await staff.dashboard.stats({})).visitsNeedingTime).toBe(waitingBefore);
    } finally {
      await setCrewCapacity(db, 2);
    }
  });

  it("takes a visit off the list once it is moved, confirmed or cancelled, and never flags one that fit", async () => {
    const db = await getDb();
    await setCrewCapacity(db, 1);
    try {
      const first = addDays(today, 41);
      const days = [first, addDays(first, 7), addDays(first, 14)];
      const { customer } = await createCustomer();
      const staff = await staffCaller();
      for (const date of days) await fillDay(staff, customer.id, date);
      // A fourth week is free: its visit fits and is never flagged.
      const { quote, token } = await sentQuote({
        plan: {
          kind: "recurring",
          frequency: "weekly",
          firstDate: first,
          endDate: addDays(first, 21),
          startTime: "10:00",
          durationMinutes: 60,
          pricePerVisit: 6_000,
        },
      });
      await (await anonymousCaller()).quotePage.accept({ token, version: 1, signedName: "Dana Whitfield", agreeToTerms: true });
      const detail = await staff.quotes.get({ id: quote.id });
      const planVisits = await db.select().from(visits).where(eq(visits.scheduleId, detail.scheduleId!)).orderBy(visits.startTime);
      expect(planVisits.map((visit) => visit.needsTime)).toEqual([true, true, true, false]);
      expect(detail.visitsNeedingTime.map((visit) => visit.visitId)).toEqual(planVisits.slice(0, 3).map((visit) => String(visit.id)));
      const [one, two, three] = planVisits;

      // Confirmed: staff keep it where it is. Cancelled: it needs no time.
      expect(await staff.schedules.setVisitStatus({ visitId: String(one!.id), status: "confirmed" })).toMatchObject({ needsTime: false });
      const cookie = await staffCookie();
      const cancelled = await rest("PATCH", `/schedules/visits/${two!.id}/status`, { headers: { cookie }, body: { status: "cancelled" } });
      expect(cancelled.status).toBe(200);
      expect(cancelled.json).toMatchObject({ needsTime: false, status: "cancelled" });
      // Moved, by whichever path: rain day, route, series clashes and the portal all move through moveVisit.
      const start = businessInstant(addDays(days[2]!, 2), "10:00");
      await moveVisit(db, (await findVisit(db, String(three!.id)))!, start, new Date(start.getTime() + 60 * 60_000));

      const after = await db.select().from(visits).where(eq(visits.scheduleId, detail.scheduleId!)).orderBy(visits.id);
      expect(after.every((visit) => !visit.needsTime)).toBe(true);
      expect((await staff.quotes.get({ id: quote.id })).visitsNeedingTime).toEqual([]);
      const waiting = (await staff.schedules.needingTime({})).map((entry) => entry.visitId);
      for (const visit of planVisits) expect(waiting).not.toContain(String(visit.id));
    } finally {
      await setCrewCapacity(db, 2);
    }
  });
});

describe("what each visit of an accepted quote's plan is charged", () => {
  const fourMonthly = (pricePerVisit?: number) => ({
    items: [{ description: "Monthly mowing", quantity: 4, unitPrice: 8_500 }],
    taxRateBasisPoints: 825,
    plan: {
      kind: "recurring" as const,
      frequency: "monthly" as const,
      firstDate: addDays(today, 20),
      endDate: addDays(today, 20 + 100),
      startTime: "09:00",
      durationMinutes: 60,
      ...(pricePerVisit === undefined ? {} : { pricePerVisit }),
    },
  });

  async function acceptedPlanPrices(overrides: Partial<TQuoteOfferInput>) {
    const { staff, quote, token } = await sentQuote(overrides);
    await (await anonymousCaller()).quotePage.accept({ token, version: 1, signedName: "Dana Whitfield", agreeToTerms: true });
    const detail = await staff.quotes.get({ id: quote.id });
    const db = await getDb();
    const planVisits = await db.select().from(visits).where(eq(visits.scheduleId, detail.scheduleId!)).orderBy(visits.startTime);
    const [plan] = await db.select().from(schedules).where(eq(schedules.id, detail.scheduleId!));
    return { prices: planVisits.map((visit) => visit.totalPrice), planPrice: plan!.totalPrice };
  }

  it("shares the quote's total, tax included, across the visits it covers, to the cent", async () => {
    // 4 × $85 + 8.25% tax = $368.05 over four monthly visits: $92.01 each, the odd cent on the first.
    const { prices, planPrice } = await acceptedPlanPrices(fourMonthly());
    expect(prices).toEqual([9_202, 9_201, 9_201, 9_201]);
    expect(prices.reduce((sum, price) => sum + price, 0)).toBe(36_805);
    expect(planPrice).toBe(9_201);
  });

  it("keeps a price staff set, even when the visits do not add up to the quote", async () => {
    const { prices } = await acceptedPlanPrices(fourMonthly(8_500));
    expect(prices).toEqual([8_500, 8_500, 8_500, 8_500]);
  });

  it("needs no price for an open-ended series: its lines are one visit's work", async () => {
    const offer = fourMonthly();
    const { prices } = await acceptedPlanPrices({
      ...offer,
      items: [{ description: "Monthly mowing", quantity: 1, unitPrice: 8_500 }],
      plan: { ...offer.plan, endDate: null },
    });
    expect(new Set(prices)).toEqual(new Set([9_201]));
  });
});

/** Every hour of the day taken by another customer's visit, so a crew of one is never free. */
async function fillDay(staff: Awaited<ReturnType<typeof staffCaller>>, customerId: number, date: string) {
  for (let hour = 7; hour <= 18; hour++) {
    const start = businessInstant(date, `${String(hour).padStart(2, "0")}:00`);
    await staff.schedules.create({
      customerId,
      date: start,
      startTime: start,
      endTime: new Date(start.getTime() + 60 * 60_000),
      status: "confirmed",
      totalPrice: 5_000,
      isRecurring: false,
    });
  }
}

describe("declining", () => {
  it("records the reason and fires quote.declined", async () => {
    const { quote, token } = await sentQuote();
    const page = await (await anonymousCaller()).quotePage.decline({ token, reason: "Went with a neighbour's cousin" });
    expect(page.declinedAt).toBeInstanceOf(Date);
    expect(await quoteRow(quote.id)).toMatchObject({ status: "declined", declineReason: "Went with a neighbour's cousin" });
    const events = await (await getDb()).select().from(webhookEvents).where(eq(webhookEvents.type, "quote.declined"));
    expect(events.some((event) => (event.payload as { data: { quote: { id: number } } }).data.quote.id === quote.id)).toBe(true);
  });
});

describe("a declined or expired quote", () => {
  const answer = (version: number) => ({ version, signedName: "Dana Whitfield", agreeToTerms: true });

  /** Every way to accept a quote or pay its deposit: by its emailed link and in My Account. */
  async function acceptAndPayEveryWay(quoteId: number, token: string, cookie: string) {
    return [
      await rest("POST", "/quote-page/accept", { body: { token, ...answer(1) } }),
      await rest("POST", `/customer/quotes/${quoteId}/accept`, { body: answer(1), headers: { cookie } }),
      await rest("POST", "/quote-page/deposit", { body: { token } }),
      await rest("POST", `/customer/quotes/${quoteId}/deposit`, { headers: { cookie } }),
      await rest("POST", `/customer/quotes/${quoteId}/deposit/saved-card`, { headers: { cookie } }),
    ];
  }

  it("is final until staff send a new version: neither its link nor My Account accepts it or starts its deposit", async () => {
    const { staff, quote, email, token } = await sentQuote({ deposit: { kind: "percent", value: 25 } });
    const { customer } = await createCustomer({ email, password: "declined-1" });
    const cookie = await customerCookie(customer.id);
    expect((await rest("POST", "/quote-page/accept", { body: { token, ...answer(1) } })).json).toEqual({
      status: "awaiting_deposit",
      deposit: 27_604,
    });
    expect((await rest("POST", "/quote-page/decline", { body: { token, reason: "Too dear" } })).status).toBe(200);

    const refusals = await acceptAndPayEveryWay(quote.id, token, cookie);
    expect(refusals.map((refused) => [refused.status, refused.json.message])).toEqual(refusals.map(() => [409, QUOTE_DECLINED]));
    expect(await quoteRow(quote.id)).toMatchObject({ status: "declined", scheduleId: null });
    const live = await (await getDb())
      .select()
      .from(quoteAcceptances)
      .where(and(eq(quoteAcceptances.quoteId, quote.id), ne(quoteAcceptances.status, "void")));
    expect(live).toEqual([]);

    // Sending the same version again does not reopen it; a new version does.
    const resent = await rest("POST", `/quotes/${quote.id}/send`, { headers: { cookie: await staffCookie() } });
    expect(resent.status).toBe(409);
    expect((await quoteRow(quote.id)).status).toBe("declined");
    await staff.quotes.revise({ id: quote.id, ...offer() });
    const accepted = await rest("POST", `/customer/quotes/${quote.id}/accept`, { body: answer(2), headers: { cookie } });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    expect((await quoteRow(quote.id)).status).toBe("accepted");
  });

  it("past its last day, answers 410 to an acceptance or a deposit by its link or in My Account", async () => {
    const { quote, email, token } = await sentQuote({ deposit: { kind: "percent", value: 25 } });
    const { customer } = await createCustomer({ email, password: "expired-1" });
    const cookie = await customerCookie(customer.id);
    expect((await rest("POST", "/quote-page/accept", { body: { token, ...answer(1) } })).status).toBe(200);
    await (await getDb()).execute(sql`update quote_versions set expires_on = ${addDays(today, -1)} where quote_id = ${quote.id}`);

    const refusals = await acceptAndPayEveryWay(quote.id, token, cookie);
    expect(refusals.map((refused) => [refused.status, refused.json.message])).toEqual(
      refusals.map(() => [410, expect.stringMatching(/^This quote expired on /)]),
    );
    expect((await quoteRow(quote.id)).status).not.toBe("accepted");
  });
});

describe("who sees a quote", () => {
  it("never shows a quote inside another customer's session, by token or by guessing ids", async () => {
    const { quote, token, email } = await sentQuote();
    const other = await customerCookie();
    const asOther = await rest("POST", "/quote-page", { body: { token }, headers: { cookie: other } });
    expect(asOther.status).toBe(404);
    expect(
      (
        await rest("POST", "/quote-page/accept", {
          body: { token, version: 1, signedName: "Mallory", agreeToTerms: true },
          headers: { cookie: other },
        })
      ).status,
    ).toBe(404);
    expect((await rest("POST", "/quote-page/decline", { body: { token }, headers: { cookie: other } })).status).toBe(404);
    // The staff answers are staff's only.
    expect((await rest("GET", `/quotes/${quote.id}`, { headers: { cookie: other } })).status).toBe(401);

    // The customer the quote is for sees it signed in too.
    const { customer } = await createCustomer({ email, password: "its-mine-1" });
    expect((await rest("POST", "/quote-page", { body: { token }, headers: { cookie: await customerCookie(customer.id) } })).status).toBe(
      200,
    );
  });
});

describe("the deposit", () => {
  const WEBHOOK_SECRET = "whsec_test_quote_deposits";
  beforeAll(() => setEnv({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }));
  afterAll(() => setEnv({ STRIPE_WEBHOOK_SECRET: undefined }));

  const succeeded = (intentId: string, amount: number) =>
    signedStripeEvent("payment_intent.succeeded", paymentIntentObject(intentId, amount, "succeeded"), WEBHOOK_SECRET);

  it("accepts the quote only when the deposit's webhook confirms it, once however often it is replayed", async () => {
    const { quote, token } = await sentQuote({ deposit: { kind: "percent", value: 25 } });
    const answer = await (await anonymousCaller()).quotePage.accept({
      token,
      version: 1,
      signedName: "Dana Whitfield",
      agreeToTerms: true,
    });
    // 25% of 1,104.15 = 276.0375 → 276.04
    expect(answer).toEqual({ status: "awaiting_deposit", deposit: 27_604 });
    expect(await quoteRow(quote.id)).toMatchObject({ status: "sent", scheduleId: null });

    const db = await getDb();
    const [acceptance] = await db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id));
    // The card form made an intent for the deposit's payment record.
    const intentId = `pi_quote_${quote.id}`;
    await db.update(payments).set({ stripePaymentIntent: intentId }).where(eq(payments.id, acceptance!.paymentId!));

    const deliver = succeeded(intentId, 27_604);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver()));
    expect(answers.every((response) => response.status === 200)).toBe(true);
    // A different event for the same success (Stripe may send one) changes nothing either.
    expect((await succeeded(intentId, 27_604)()).status).toBe(200);

    const row = await quoteRow(quote.id);
    expect(row.status).toBe("accepted");
    expect(await db.$count(schedules, eq(schedules.customerId, row.customerId!))).toBe(1);
    expect(await db.$count(quoteAcceptances, eq(quoteAcceptances.quoteId, quote.id))).toBe(1);
    // The deposit comes off the first visit: 1,104.15 − 276.04.
    const [visit] = await db.select().from(visits).where(eq(visits.scheduleId, row.scheduleId!));
    expect(visit!.totalPrice).toBe(110_415 - 27_604);
    expect(await db.$count(emailOutbox, eq(emailOutbox.subject, `Quote Q-${quote.id} accepted by Dana Whitfield`))).toBe(1);
    expect(await db.$count(emailOutbox, eq(emailOutbox.subject, `You accepted quote Q-${quote.id}`))).toBe(1);
  });
});
