import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, businessInstant, businessToday } from "@/lib/business-time";
import { TEXT_CONSENT_WORDS, type TextNoticeKind } from "@/lib/texts";
import { onMyWay } from "@/server/crew-day/field-steps";
import { getDb } from "@/server/db";
import { customers, emailOutbox, payments, textMessages, visits, webhookEvents } from "@/server/db/schema";
import { REMOVED_SECRET } from "@/server/email/send-email";
import { chargeAutopay } from "@/server/payments/autopay";
import { sendQuote } from "@/server/quotes/quote-link";
import { changeVisitStatus } from "@/server/schedules/visit-status";
import { findVisit, moveVisit, setVisitStatus } from "@/server/schedules/visits";
import { setTextConsent, stopTextsTo } from "@/server/texts/consent";
import { deliverText } from "@/server/texts/deliver-text";
import { DEFAULT_TEXT_SETTINGS, saveTextSettings } from "@/server/texts/settings";
import { createWebhookEndpoint } from "@/server/webhooks/endpoints";
import { startStripeStandIn, type StripeStandIn } from "#test/doubles/stripe-stand-in";
import { startTwilioStandIn, type TwilioStandIn } from "#test/doubles/twilio-stand-in";
import { bookingRequest } from "#test/fixtures/bookings";
import { insertPlan } from "#test/fixtures/plans";
import { draftQuote } from "#test/fixtures/quotes";
import { setEnv } from "#test/support/env";
import { createCustomer, rest, seedServices, stripeStandInEnv, twilioStandInEnv } from "#test/support/helpers";
import { announceQueuedBookings } from "#test/support/notifications";
import { autopayPayment } from "#test/support/stripe";
import { announceQueuedBooking, type BookingAnnouncementJob } from "./announce";
import { queueDueReminders } from "./reminders";
import { DEFAULT_NOTIFICATION_SETTINGS, saveNotificationSettings } from "./settings";

/**
 * Each customer notice that may go by text, through what sets it off: the customer's choice (email,
 * text or both), their consent, STOP and the notice's switch in Settings decide where it goes.
 */

// 2 PM in Austin on a weekday: outside quiet hours, when a test hands a text to its send job.
const AFTERNOON = new Date("2026-11-24T20:00:00Z");
const today = businessToday();
let service: { id: number; name: string };
let sequence = 0;
// Numbers of their own: STOP stops every customer with the number.
const phoneBase = 1000 + Math.floor(Math.random() * 8000);
const nextPhone = () => `512555${phoneBase + (sequence++ % 999)}`;

beforeAll(async () => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  const [first] = await seedServices();
  service = { id: first!.id, name: first!.name };
  await saveNotificationSettings(await getDb(), { ...DEFAULT_NOTIFICATION_SETTINGS, officeEmail: "office@greenscape.test" });
});
afterAll(() => {
  vi.restoreAllMocks();
});
afterEach(async () => {
  await saveTextSettings(await getDb(), DEFAULT_TEXT_SETTINGS);
});

type Customer = typeof customers.$inferSelect;
/** What a customer chose: both or text (with consent), or a way texts must not reach them. */
type Choice = "both" | "text" | "kindOff" | "noConsent" | "stopped";

async function customerWho(choice: Choice, kind: TextNoticeKind, overrides: Partial<Customer> = {}): Promise<Customer> {
  const db = await getDb();
  const { customer } = await createCustomer({ phone: nextPhone(), ...overrides });
  if (choice === "noConsent") {
    // Asked for texts only, but never agreed to them: email it is.
    await db.update(customers).set({ notifyBy: "text" }).where(eq(customers.id, customer.id));
  } else {
    await setTextConsent(db, customer.id, {
      given: true,
      method: "staff",
      words: TEXT_CONSENT_WORDS,
      notifyBy: choice === "text" ? "text" : "both",
    });
  }
  if (choice === "stopped") await stopTextsTo(db, (await numberOf(customer.id))!, "STOP");
  if (choice === "kindOff") {
    await saveTextSettings(db, { ...DEFAULT_TEXT_SETTINGS, notices: { ...DEFAULT_TEXT_SETTINGS.notices, [kind]: false } });
  }
  return (await db.select().from(customers).where(eq(customers.id, customer.id)))[0]!;
}

async function numberOf(customerId: number) {
  const [row] = await (await getDb()).select({ textNumber: customers.textNumber }).from(customers).where(eq(customers.id, customerId));
  return row?.textNumber ?? null;
}

async function emailsOf(to: string, kind: string) {
  return (await getDb())
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)))
    .orderBy(emailOutbox.id);
}

async function textsOf(customerId: number, kind?: TextNoticeKind) {
  return (await getDb())
    .select()
    .from(textMessages)
    .where(and(eq(textMessages.customerId, customerId), kind ? eq(textMessages.kind, kind) : undefined))
    .orderBy(textMessages.id);
}

/** A one-time plan of the customer's, and its visit. */
async function planFor(customerId: number, startTime: Date, status: "pending" | "confirmed" = "confirmed") {
  const db = await getDb();
  const plan = await insertPlan({
    customerId,
    serviceId: service.id,
    startTime,
    status,
    address: "12 Oak St",
    city: "Austin",
    state: "TX",
    zipCode: "78704",
  });
  const [visit] = await db.select().from(visits).where(eq(visits.scheduleId, plan.id));
  return { plan, visit: visit! };
}

function bookingJob(customerId: number, plan: Awaited<ReturnType<typeof planFor>>["plan"]): BookingAnnouncementJob {
  return {
    customerId,
    booking: {
      bookingReference: `GS-T${plan.id}`,
      scheduleId: plan.id,
      status: "pending",
      service,
      startTime: plan.startTime!.toISOString(),
      endTime: plan.endTime.toISOString(),
      isRecurring: false,
      recurringFrequency: null,
      totalPrice: 3500,
      specialInstructions: null,
      address: "12 Oak St",
      city: "Austin",
      state: "TX",
      zipCode: "78704",
    },
    typed: null,
  };
}

const fieldCaller = () => ({ actor: `staff:${900_000 + sequence++}` as const, key: `key-${Date.now()}-${sequence++}`, staffUserId: null });

interface NoticeCase {
  kind: TextNoticeKind;
  /** The email's kind, or null for a notice that has none. */
  email: string | null;
  /** Sets the notice off for the customer. */
  send(customer: Customer): Promise<void>;
}

const NOTICES: NoticeCase[] = [
  {
    kind: "bookingConfirmation",
    email: "booking_confirmation",
    async send(customer) {
      const { plan } = await planFor(customer.id, businessInstant(addDays(today, 20), "10:00"), "pending");
      await announceQueuedBooking(await getDb(), bookingJob(customer.id, plan));
    },
  },
  {
    kind: "reminder",
    email: "reminder",
    async send(customer) {
      await planFor(customer.id, businessInstant(addDays(today, 1), "10:00"));
      await queueDueReminders(await getDb(), businessInstant(today, "17:00"));
    },
  },
  {
    kind: "officeChange",
    email: "visit_moved",
    async send(customer) {
      const { visit } = await planFor(customer.id, businessInstant(addDays(today, 20), "10:00"));
      const found = (await findVisit(await getDb(), String(visit.id)))!;
      const later = businessInstant(addDays(today, 21), "14:00");
      await moveVisit(await getDb(), found, later, new Date(later.getTime() + 3_600_000));
    },
  },
  {
    kind: "onMyWay",
    email: "on_my_way",
    async send(customer) {
      const { visit } = await planFor(customer.id, businessInstant(today, "23:00"));
      await onMyWay(await getDb(), fieldCaller(), { visitId: String(visit.id), etaMinutes: 20 });
    },
  },
  {
    kind: "completed",
    email: null,
    async send(customer) {
      const { visit } = await planFor(customer.id, businessInstant(today, "00:00"));
      await changeVisitStatus(await getDb(), String(visit.id), "completed");
    },
  },
  {
    kind: "cardDeclined",
    email: "autopay_action_needed",
    async send(customer) {
      // An autopay charge that cannot be made (card payments are not set up here) needs the customer.
      const { plan, visit } = await planFor(customer.id, businessInstant(today, "00:00"));
      const [payment] = await (await getDb())
        .insert(payments)
        .values({
          customerId: customer.id,
          scheduleId: plan.id,
          visitId: visit.id,
          amount: 4500,
          status: "pending",
          method: "card",
          metadata: { autopay: true },
        })
        .returning();
      await chargeAutopay(await getDb(), payment!.id);
    },
  },
  {
    kind: "quoteSent",
    email: "quote",
    async send(customer) {
      const quote = await draftQuote({ customerId: customer.id });
      await sendQuote(await getDb(), quote.id);
    },
  },
];

describe.each(NOTICES)("the $kind notice", (notice) => {
  const emails = async (customer: Customer) => (notice.email ? emailsOf(customer.email, notice.email) : []);

  it("goes by email and by text to a customer who agreed to texts and chose both", async () => {
    const customer = await customerWho("both", notice.kind);
    await notice.send(customer);
    expect(await emails(customer)).toHaveLength(notice.email ? 1 : 0);
    const [text, ...more] = await textsOf(customer.id, notice.kind);
    expect(more).toHaveLength(0);
    expect(text).toMatchObject({ to: customer.textNumber, status: "queued", segments: expect.any(Number) });
    expect(text!.body.startsWith("GreenScape Austin: ")).toBe(true);
    expect(text!.segments).toBeLessThanOrEqual(2);
  });

  it("goes only by text to a customer who chose texts", async () => {
    const customer = await customerWho("text", notice.kind);
    await notice.send(customer);
    expect(await emails(customer)).toHaveLength(0);
    expect(await textsOf(customer.id, notice.kind)).toHaveLength(1);
  });

  it.each([
    ["is switched off in Settings", "kindOff"],
    ["has no consent", "noConsent"],
    ["texted STOP", "stopped"],
  ] as const)("goes only by email when the notice %s", async (_, choice) => {
    const customer = await customerWho(choice, notice.kind);
    await notice.send(customer);
    expect(await emails(customer)).toHaveLength(notice.email ? 1 : 0);
    expect(await textsOf(customer.id)).toHaveLength(0);
  });

  it("is not texted once the customer texts STOP after it was queued", async () => {
    const db = await getDb();
    const customer = await customerWho("both", notice.kind);
    await notice.send(customer);
    const [queued] = await textsOf(customer.id, notice.kind);
    await stopTextsTo(db, customer.textNumber!, "STOP");
    await deliverText(db, queued!.id, { last: false }, AFTERNOON);
    const [skipped] = await textsOf(customer.id, notice.kind);
    expect(skipped).toMatchObject({ status: "skipped", lastError: "The customer texted STOP." });
  });
});

describe("the booking confirmation", () => {
  it("is texted once when its job runs again", async () => {
    const db = await getDb();
    await createWebhookEndpoint(db, { url: "https://hooks.example.com/bookings", events: ["booking.created"], enabled: true }, null);
    for (const choice of ["both", "text"] as const) {
      const customer = await customerWho(choice, "bookingConfirmation");
      const { plan } = await planFor(customer.id, businessInstant(addDays(today, 25), "11:00"), "pending");
      const job = bookingJob(customer.id, plan);
      await announceQueuedBooking(db, job);
      await announceQueuedBooking(db, job);
      expect(await textsOf(customer.id, "bookingConfirmation")).toHaveLength(1);
      expect(await emailsOf(customer.email, "booking_confirmation")).toHaveLength(choice === "both" ? 1 : 0);
      // Nor is anything else announced twice: one webhook event for the booking.
      const events = await db
        .select()
        .from(webhookEvents)
        .where(sql`${webhookEvents.payload} -> 'data' -> 'booking' ->> 'reference' = ${job.booking.bookingReference}`);
      expect(events).toHaveLength(1);
    }
  });

  it("is not texted for a booking waiting for its owner: the number that agreed is the owner's", async () => {
    const db = await getDb();
    // An account whose email is proven, with texts agreed; someone books under its email without signing in.
    const { customer: owner } = await createCustomer({ password: "owner-pass-1", phone: nextPhone() });
    await setTextConsent(db, owner.id, { given: true, method: "portal", words: TEXT_CONSENT_WORDS, notifyBy: "both" });
    const booked = await rest("POST", "/bookings", {
      body: bookingRequest({ serviceId: service.id, email: owner.email, fullName: "Sam Stranger", phone: "5125550199" }),
    });
    expect(booked.status, booked.text).toBe(201);
    await announceQueuedBookings(db);
    const [confirmation] = await emailsOf(owner.email, "booking_confirmation");
    expect(confirmation?.body).toContain("This is mine");
    expect(await textsOf(owner.id)).toHaveLength(0);
  });
});

describe("the office's changes", () => {
  async function visitOf(customer: Customer) {
    const { visit } = await planFor(customer.id, businessInstant(addDays(today, 30), "10:00"), "pending");
    return (await findVisit(await getDb(), String(visit.id)))!;
  }

  it("text the new day and time of a move, a rain day and a cancellation", async () => {
    const db = await getDb();
    const customer = await customerWho("text", "officeChange");
    const visit = await visitOf(customer);
    const rainDay = businessInstant(addDays(today, 31), "10:00");
    await moveVisit(db, visit, rainDay, new Date(rainDay.getTime() + 3_600_000), { changedBy: "staff", rainDay: true });
    const sameDay = businessInstant(addDays(today, 31), "13:00");
    await moveVisit(db, (await findVisit(db, visit.visitId))!, sameDay, new Date(sameDay.getTime() + 3_600_000));
    await setVisitStatus(db, (await findVisit(db, visit.visitId))!, "cancelled");
    const bodies = (await textsOf(customer.id, "officeChange")).map((text) => text.body);
    expect(bodies).toEqual([
      expect.stringMatching(/^GreenScape Austin: rain is expected, so we moved your visit to \w+day, \w+ \d{1,2} at 10:00 AM\./),
      expect.stringMatching(/^GreenScape Austin: your visit on \w+day, \w+ \d{1,2} is now at 1:00 PM\./),
      expect.stringMatching(/^GreenScape Austin: your visit on \w+day, \w+ \d{1,2} at 1:00 PM is cancelled\./),
    ]);
    expect(await textsOf(customer.id)).toHaveLength(3);
  });

  it("text nothing for a confirmation (emailed as ever) or for the customer's own change", async () => {
    const db = await getDb();
    const customer = await customerWho("text", "officeChange");
    const visit = await visitOf(customer);
    await setVisitStatus(db, visit, "confirmed");
    const own = businessInstant(addDays(today, 32), "10:00");
    await moveVisit(db, (await findVisit(db, visit.visitId))!, own, new Date(own.getTime() + 3_600_000), { changedBy: "customer" });
    expect(await textsOf(customer.id)).toHaveLength(0);
    // With no text form, the confirmation goes by email even to a customer who chose texts.
    expect(await emailsOf(customer.email, "visit_confirmed")).toHaveLength(1);
  });
});

describe("on my way", () => {
  it("texts the first estimate and one correction; a third tap texts nothing and still succeeds", async () => {
    const db = await getDb();
    const customer = await customerWho("both", "onMyWay");
    const { visit } = await planFor(customer.id, businessInstant(today, "23:30"));
    const now = Date.now();
    const tap = (etaMinutes: number, minutesLater: number) =>
      onMyWay(db, fieldCaller(), { visitId: String(visit.id), etaMinutes }, new Date(now + minutesLater * 60_000));
    const answers = [await tap(20, 0), await tap(50, 1), await tap(5, 2)];
    expect(answers.map((answer) => answer.customerNotified)).toEqual([true, true, false]);
    const texts = await textsOf(customer.id, "onMyWay");
    expect(texts.map((text) => text.idempotencyKey)).toEqual([`on-my-way:${visit.id}:text`, `on-my-way:${visit.id}:correction:text`]);
    expect(texts[0]!.body).toMatch(/^GreenScape Austin: our crew is on the way and expects to arrive around \d{1,2}:\d{2} [AP]M\.$/);
    expect(texts[1]!.body).toMatch(/^GreenScape Austin: new arrival time: our crew now expects to arrive around/);
    expect((await emailsOf(customer.email, "on_my_way")).length + (await emailsOf(customer.email, "on_my_way_corrected")).length).toBe(2);
  });

  it("tells nobody who turned reminders off, by email or text", async () => {
    const customer = await customerWho("both", "onMyWay", { remindersEnabled: false });
    const { visit } = await planFor(customer.id, businessInstant(today, "23:30"));
    expect((await onMyWay(await getDb(), fieldCaller(), { visitId: String(visit.id), etaMinutes: 20 })).customerNotified).toBe(false);
    expect(await textsOf(customer.id)).toHaveLength(0);
  });
});

describe("the reminder", () => {
  it("has the same opt-out as the email reminder", async () => {
    const customer = await customerWho("text", "reminder", { remindersEnabled: false });
    await planFor(customer.id, businessInstant(addDays(today, 1), "11:00"));
    await queueDueReminders(await getDb(), businessInstant(today, "17:00"));
    expect(await textsOf(customer.id)).toHaveLength(0);
    expect(await emailsOf(customer.email, "reminder")).toHaveLength(0);
  });
});

describe("a completed visit", () => {
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
  });
  afterAll(async () => {
    setEnv(stripeStandInEnv(undefined));
    await stripe.close();
  });

  it("links the receipt when the visit was already paid", async () => {
    const db = await getDb();
    const customer = await customerWho("both", "completed");
    // Midnight has begun at any hour of the run, so confirming it again claims no crew: at 00:30 it
    // met the other tests' visits between midnight and half past and found every crew busy.
    const { plan, visit } = await planFor(customer.id, businessInstant(today, "00:00"));
    const [paid] = await db
      .insert(payments)
      .values({ customerId: customer.id, scheduleId: plan.id, visitId: visit.id, amount: 3500, status: "completed", method: "cash" })
      .returning();
    await changeVisitStatus(db, String(visit.id), "completed");
    await changeVisitStatus(db, String(visit.id), "confirmed");
    await changeVisitStatus(db, String(visit.id), "completed");
    const [text, again] = await textsOf(customer.id, "completed");
    expect(again).toBeUndefined();
    expect(text!.body).toMatch(new RegExp(`Paid \\$35\\.00, receipt: http://localhost:\\d+/customer/account/receipts/${paid!.id}$`));
  });

  it("is news to nobody when the office marks an old visit done", async () => {
    const customer = await customerWho("both", "completed");
    const { visit } = await planFor(customer.id, businessInstant(addDays(today, -5), "10:00"));
    await changeVisitStatus(await getDb(), String(visit.id), "completed");
    expect(await textsOf(customer.id)).toHaveLength(0);
  });

  it("charged by autopay, is texted with its receipt once the charge goes through", async () => {
    setEnv(stripeStandInEnv(stripe.url));
    const db = await getDb();
    const { customer, payment } = await autopayPayment(stripe, "visa");
    await db.update(customers).set({ phone: nextPhone() }).where(eq(customers.id, customer.id));
    await setTextConsent(db, customer.id, { given: true, method: "portal", words: TEXT_CONSENT_WORDS, notifyBy: "both" });
    // Completed (again, now that texts are agreed), but the charge has not gone through: nothing yet.
    await changeVisitStatus(db, String(payment.visitId), "confirmed");
    await changeVisitStatus(db, String(payment.visitId), "completed");
    expect(await textsOf(customer.id)).toHaveLength(0);

    await chargeAutopay(db, payment.id);
    const [text, ...more] = await textsOf(customer.id, "completed");
    expect(more).toHaveLength(0);
    expect(text!.body).toMatch(
      new RegExp(
        `^GreenScape Austin: we finished your .+ visit of \\w+day, \\w+ \\d{1,2}\\. Paid \\$45\\.00, receipt: .+/customer/account/receipts/${payment.id}$`,
      ),
    );
    expect(await emailsOf(customer.email, "receipt")).toHaveLength(1);
  });
});

describe("a quote", () => {
  let twilio: TwilioStandIn;
  beforeAll(async () => {
    twilio = await startTwilioStandIn();
  });
  afterAll(async () => {
    setEnv(twilioStandInEnv(undefined));
    await twilio.close();
  });

  it("is texted with its live link, and the stored text loses the link's token once sent", async () => {
    setEnv(twilioStandInEnv(twilio));
    const db = await getDb();
    const customer = await customerWho("both", "quoteSent");
    const quote = await draftQuote({ customerId: customer.id });
    await sendQuote(db, quote.id);
    const [email] = await emailsOf(customer.email, "quote");
    const token = /\/q\/([a-z2-7]+)/.exec(email!.body)![1]!;
    const [queued] = await textsOf(customer.id, "quoteSent");
    expect(queued!.body).toContain(`/q/${token}`);

    const [job] = (await db.execute(
      sql`select data from pgboss.job where name = 'send-text' and data->>'textId' = ${String(queued!.id)}`,
    )) as unknown as Array<{ data: { textId: number; secretSpans?: Array<[number, number]> } }>;
    expect(JSON.stringify(job!.data)).not.toContain(token);
    await deliverText(db, queued!.id, { last: false, secretSpans: job!.data.secretSpans }, AFTERNOON);

    expect(twilio.sent.find((text) => text.to === customer.textNumber)?.body).toContain(`/q/${token}`);
    const [sent] = await textsOf(customer.id, "quoteSent");
    expect(sent).toMatchObject({ status: "sent" });
    expect(sent!.body).not.toContain(token);
    expect(sent!.body).toContain(`/q/${REMOVED_SECRET}`);
  });

  it("to an address with no customer record goes by email only", async () => {
    const db = await getDb();
    const before = await db.select({ id: textMessages.id }).from(textMessages).orderBy(desc(textMessages.id)).limit(1);
    const quote = await draftQuote();
    await sendQuote(db, quote.id);
    expect(await emailsOf(quote.email, "quote")).toHaveLength(1);
    const after = await db.select({ id: textMessages.id }).from(textMessages).orderBy(desc(textMessages.id)).limit(1);
    expect(after[0]?.id).toBe(before[0]?.id);
  });
});
