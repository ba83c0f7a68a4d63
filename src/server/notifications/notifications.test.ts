import ICAL from "ical.js";
import { rowsOf } from "@/server/db/rows";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, businessInstant, businessToday } from "@/lib/business-time";
import { bookableServices, bookingRequest, daysAhead } from "#test/fixtures/bookings";
import { insertPlan } from "#test/fixtures/plans";
import { calendarForToken } from "@/server/calendar/feeds";
import { getDatabase, getDb } from "@/server/db";
import { customers, emailOutbox } from "@/server/db/schema";
import type { JobWorker } from "@/server/jobs/job-queue";
import { createCustomer, customerCookie, rest, staffCookie } from "#test/support/helpers";
import { announceQueuedBookings, startTestWorker, startWebhookReceiver, waitFor } from "#test/support/notifications";
import { DEFAULT_NOTIFICATION_SETTINGS, saveNotificationSettings } from "./settings";
import { MESSAGE_FOLD_MS } from "./office-message-notice";

let staff: string;
let serviceId: number;

async function outbox(where: { to?: string; kind?: string }) {
  const rows = await (await getDb()).select().from(emailOutbox).orderBy(emailOutbox.id);
  return rows.filter((row) => (!where.to || row.to === where.to) && (!where.kind || row.kind === where.kind));
}

beforeAll(async () => {
  staff = await staffCookie();
  serviceId = (await bookableServices()).flat.id;
  await saveNotificationSettings(await getDb(), { ...DEFAULT_NOTIFICATION_SETTINGS, officeEmail: "office@greenscape.test" });
});

describe("a booking", () => {
  it("emails the customer a confirmation and the office a notice, in plain text and HTML", async () => {
    const email = `confirm_${Date.now()}@example.com`;
    const booked = await rest("POST", "/bookings", {
      body: bookingRequest({ serviceId, email, fullName: "Rosa Diaz", date: daysAhead(12), timeSlot: "09:00" }),
    });
    expect(booked.status).toBe(201);
    const reference = booked.json.bookingReference as string;
    await announceQueuedBookings(await getDb());

    const [confirmation] = await outbox({ to: email, kind: "booking_confirmation" });
    expect(confirmation).toMatchObject({
      subject: `We received your booking ${reference}`,
      status: "queued",
      idempotencyKey: `booking-confirmation:${reference}`,
    });
    expect(confirmation!.body).toContain(`Your booking reference is ${reference}`);
    expect(confirmation!.body).toContain("What happens next");
    expect(confirmation!.body).toContain("(512) 555-0142");
    expect(confirmation!.body).toMatch(/My Account: http:\/\/localhost:\d+\/customer\/account/);
    expect(confirmation!.body).toMatch(/Turn them off: http:\/\/localhost:\d+\/unsubscribe\?token=[0-9a-f-]{36}/);
    expect(confirmation!.html).toContain("<!doctype html>");
    expect(confirmation!.html).toContain(reference);
    expect(confirmation!.headers).toMatchObject({
      "List-Unsubscribe": expect.stringMatching(/^<http:\/\/localhost:\d+\/unsubscribe\/one-click\?token=/),
    });

    const [notice] = await outbox({ to: "office@greenscape.test", kind: "staff_new_booking" });
    expect(notice!.subject).toContain(`New booking ${reference}: Rosa Diaz`);
    expect(notice!.html).toContain("Staff dashboard");
  });

  it("escapes what a customer typed in the HTML email", async () => {
    const email = `html_${Date.now()}@example.com`;
    const booked = await rest("POST", "/bookings", {
      body: bookingRequest({ serviceId, email, fullName: "<script>alert(1)</script> Doe", date: daysAhead(13) }),
    });
    expect(booked.status).toBe(201);
    await announceQueuedBookings(await getDb());
    const [confirmation] = await outbox({ to: email, kind: "booking_confirmation" });
    expect(confirmation!.html).not.toContain("<script>alert(1)</script>");
    expect(confirmation!.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Doe");
  });

  it("sends nothing when the booking is refused", async () => {
    const email = `refused_${Date.now()}@example.com`;
    const refused = await rest("POST", "/bookings", { body: bookingRequest({ serviceId, email, zipCode: "10001" }) });
    expect(refused.status).toBe(400);
    await announceQueuedBookings(await getDb());
    expect(await outbox({ to: email })).toHaveLength(0);
  });
});

describe("the office", () => {
  it("hears of a burst of portal messages in two emails: the first at once, the rest together when the window closes", async () => {
    const { customer } = await createCustomer({ password: "customer-pass", fullName: "Robin Burst" });
    const cookie = await customerCookie(customer.id);
    const send = (content: string) => rest("POST", "/customer/messages", { body: { content }, headers: { cookie } });
    expect((await send("Message 1: hello")).status).toBe(201);
    const burst = await Promise.all(Array.from({ length: 11 }, (_, index) => send(`Message ${index + 2}: more`)));
    expect(burst.map((answer) => answer.status)).toEqual(Array(11).fill(201));

    const notices = (await outbox({ to: "office@greenscape.test", kind: "staff_new_message" })).filter((row) =>
      row.body.includes("Robin Burst"),
    );
    expect(notices.map((row) => row.subject)).toEqual(["New message from Robin Burst", "11 more messages from Robin Burst"]);
    expect(notices[0]!.body).toContain("Message 1: hello");
    for (let number = 2; number <= 12; number++) expect(notices[1]!.body).toContain(`Message ${number}: more`);
    // The follow-up waits for the window to close before it is sent.
    const [job] = rowsOf<{ start_after: Date | string }>(
      await (await getDb()).execute(sql`select start_after from pgboss.job where data->>'outboxId' = ${String(notices[1]!.id)}`),
    );
    expect(new Date(job!.start_after).getTime()).toBeGreaterThanOrEqual(notices[0]!.createdAt.getTime() + MESSAGE_FOLD_MS - 1000);

    // After the window, the next message is told at once again.
    await (await getDb())
      .update(emailOutbox)
      .set({ createdAt: new Date(Date.now() - MESSAGE_FOLD_MS - 60_000) })
      .where(eq(emailOutbox.id, notices[0]!.id));
    expect((await send("Message 13: a day later")).status).toBe(201);
    const after = (await outbox({ to: "office@greenscape.test", kind: "staff_new_message" })).filter((row) =>
      row.body.includes("Robin Burst"),
    );
    expect(after.at(-1)).toMatchObject({ subject: "New message from Robin Burst" });
    expect(after.at(-1)!.body).toContain("Message 13");
  });

  it("hears of portal messages and website inquiries, unless Settings turn them off", async () => {
    const { customer } = await createCustomer({ password: "customer-pass", fullName: "Pat Message" });
    const cookie = await customerCookie(customer.id);
    const sent = await rest("POST", "/customer/messages", { body: { content: "Can you come earlier on Friday?" }, headers: { cookie } });
    expect(sent.status).toBe(201);
    const [notice] = (await outbox({ to: "office@greenscape.test", kind: "staff_new_message" })).filter((row) =>
      row.body.includes("Pat Message"),
    );
    expect(notice).toMatchObject({ subject: "New message from Pat Message" });
    expect(notice!.body).toContain("Can you come earlier on Friday?");

    const inquiry = await rest("POST", "/contact", {
      body: { name: "Casey Prospect", email: "casey@example.com", message: "Do you trim hedges in Round Rock?" },
    });
    expect(inquiry.status).toBe(201);
    expect((await outbox({ to: "office@greenscape.test", kind: "staff_new_inquiry" }))[0]?.body).toContain(
      "Do you trim hedges in Round Rock?",
    );

    const saved = await rest("PUT", "/settings/notifications", {
      body: { ...DEFAULT_NOTIFICATION_SETTINGS, officeEmail: "office@greenscape.test", notifyNewMessage: false, notifyNewInquiry: false },
      headers: { cookie: staff },
    });
    expect(saved.status).toBe(200);
    await rest("POST", "/customer/messages", { body: { content: "Second message" }, headers: { cookie } });
    await rest("POST", "/contact", { body: { name: "Casey Prospect", email: "casey@example.com", message: "Second inquiry here." } });
    const toldOfPat = (await outbox({ to: "office@greenscape.test", kind: "staff_new_message" })).filter((row) =>
      row.body.includes("Pat Message"),
    );
    expect(toldOfPat).toHaveLength(1);
    expect(await outbox({ to: "office@greenscape.test", kind: "staff_new_inquiry" })).toHaveLength(1);
    await saveNotificationSettings(await getDb(), { ...DEFAULT_NOTIFICATION_SETTINGS, officeEmail: "office@greenscape.test" });
  });

  it("keeps the settings valid: an email address and a reminder time between 6 AM and 9 PM", async () => {
    const anonymous = await rest("GET", "/settings/notifications");
    expect(anonymous.status).toBe(401);
    const badEmail = await rest("PUT", "/settings/notifications", {
      body: { ...DEFAULT_NOTIFICATION_SETTINGS, officeEmail: "nope" },
      headers: { cookie: staff },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.json.message).toBe("Please enter a valid email address");
    const late = await rest("PUT", "/settings/notifications", {
      body: { ...DEFAULT_NOTIFICATION_SETTINGS, reminderTime: "23:30" },
      headers: { cookie: staff },
    });
    expect(late.status).toBe(400);
    expect(late.json.message).toBe("Choose a time between 6:00 AM and 9:00 PM");
    const read = await rest("GET", "/settings/notifications", { headers: { cookie: staff } });
    expect(read.json).toMatchObject({ officeEmail: "office@greenscape.test", reminderTime: "17:00" });
  });
});

describe("changes to a visit", () => {
  let worker: JobWorker;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    worker = await startTestWorker(await getDatabase());
    receiver = await startWebhookReceiver();
    await rest("POST", "/webhooks", {
      body: { url: receiver.url, events: ["visit.updated", "visit.completed"] },
      headers: { cookie: staff },
    });
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
  });

  it("note the customer when staff confirm, move or cancel a coming visit, and tell integrations", async () => {
    const { customer } = await createCustomer({ fullName: "Noel Change" });
    const start = businessInstant(daysAhead(20), "10:00");
    const visit = await insertPlan({ customerId: customer.id, serviceId, startTime: start });

    const confirmed = await rest("PATCH", `/schedules/visits/${visit.id}/status`, {
      body: { status: "confirmed" },
      headers: { cookie: staff },
    });
    expect(confirmed.status).toBe(200);
    const moved = businessInstant(daysAhead(21), "14:00");
    const put = await rest("PUT", `/schedules/${visit.id}`, {
      body: {
        customerId: customer.id,
        serviceId,
        date: moved.toISOString(),
        startTime: moved.toISOString(),
        endTime: new Date(moved.getTime() + 3_600_000).toISOString(),
        status: "confirmed",
        isRecurring: false,
        totalPrice: 3500,
      },
      headers: { cookie: staff },
    });
    expect(put.status).toBe(200);
    await rest("PATCH", `/schedules/visits/${visit.id}/status`, { body: { status: "cancelled" }, headers: { cookie: staff } });

    const notes = await outbox({ to: customer.email });
    expect(notes.map((note) => note.kind)).toEqual(["visit_confirmed", "visit_moved", "visit_cancelled"]);
    expect(notes[1]!.body).toContain("We moved your visit from");
    expect(notes[1]!.body).toContain("2:00 PM");

    const events = await waitFor(() => {
      const mine = receiver.received
        .map((request) => JSON.parse(request.body))
        .filter((body) => body.data.visit.customer.id === customer.id);
      return mine.length >= 3 ? mine.sort((a, b) => a.createdAt.localeCompare(b.createdAt)) : null;
    });
    expect(events.map((event) => [event.type, event.data.change.kind])).toEqual([
      ["visit.updated", "confirmed"],
      ["visit.updated", "moved"],
      ["visit.updated", "cancelled"],
    ]);
    expect(events[1].data.change.previousStartTime).toBe(start.toISOString());
    expect(events[1].data.visit).toMatchObject({ startTime: moved.toISOString(), customer: { id: customer.id } });
  });

  it("tells integrations a visit was completed, without emailing the customer", async () => {
    const { customer } = await createCustomer();
    const start = businessInstant(addDays(businessToday(), -1), "10:00");
    const visit = await insertPlan({ customerId: customer.id, serviceId, startTime: start, status: "confirmed" });
    await rest("PATCH", `/schedules/visits/${visit.id}/status`, { body: { status: "completed" }, headers: { cookie: staff } });
    const event = await waitFor(() =>
      receiver.received
        .map((request) => JSON.parse(request.body))
        .find((body) => body.type === "visit.completed" && body.data.visit.customer.id === customer.id),
    );
    expect(event).toMatchObject({
      type: "visit.completed",
      data: { visit: { status: "completed" }, change: { kind: "completed", previousStatus: "confirmed" } },
    });
    expect(await outbox({ to: customer.email })).toHaveLength(0);
  });
});

describe("reminder choices", () => {
  it("the customer turns reminders off and on in My Account", async () => {
    const { customer } = await createCustomer({ password: "customer-pass" });
    const cookie = await customerCookie(customer.id);
    expect((await rest("GET", "/customer/notifications", { headers: { cookie } })).json).toEqual({ remindersEnabled: true });
    expect((await rest("PUT", "/customer/notifications", { body: { remindersEnabled: false }, headers: { cookie } })).json).toEqual({
      remindersEnabled: false,
    });
    const [row] = await (await getDb()).select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.remindersEnabled).toBe(false);
  });

  it("one click on an email's link turns them off; a guessed token does nothing", async () => {
    const { customer } = await createCustomer();
    const ok = await rest("POST", "/notifications/unsubscribe", { body: { token: customer.unsubscribeToken } });
    expect(ok.status).toBe(200);
    const [row] = await (await getDb()).select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.remindersEnabled).toBe(false);
    const guessed = await rest("POST", "/notifications/unsubscribe", { body: { token: "00000000-0000-4000-8000-000000000000" } });
    expect(guessed.status).toBe(404);
    expect((await rest("POST", "/notifications/unsubscribe", { body: { token: "' or 1=1 --" } })).status).toBe(404);
  });
});

describe("calendar feeds", () => {
  it("give staff every visit and a customer only theirs, parse with a real iCalendar parser, and stop when revoked", async () => {
    const db = await getDb();
    const { customer: mine } = await createCustomer({ password: "customer-pass", fullName: "Feed Owner" });
    const { customer: theirs } = await createCustomer({ fullName: "Someone Else" });
    const start = businessInstant(daysAhead(5), "11:00");
    for (const [customerId, status] of [
      [mine.id, "confirmed"],
      [theirs.id, "pending"],
      [mine.id, "cancelled"],
    ] as const) {
      await insertPlan({
        customerId,
        serviceId,
        startTime: start,
        status,
        address: "5 Elm St",
        city: "Austin",
        state: "TX",
        zipCode: "78702",
      });
    }

    const customerCookieValue = await customerCookie(mine.id);
    const created = await rest("POST", "/customer/calendar-feed", { body: {}, headers: { cookie: customerCookieValue } });
    expect(created.status).toBe(201);
    const url = created.json.url as string;
    expect(url).toMatch(/^http:\/\/localhost:\d+\/feeds\/calendar\/[a-z2-7]{32}\.ics$/);
    const token = url.split("/").pop()!.replace(".ics", "");

    const text = (await calendarForToken(db, token))!;
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toBe("GreenScape Austin: Basic Lawn Mowing");
    expect(events[0]!.location).toBe("5 Elm St, Austin, TX 78702");
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect((await rest("GET", "/customer/calendar-feed", { headers: { cookie: customerCookieValue } })).json).toMatchObject({
      active: true,
      lastUsedAt: expect.any(String),
    });

    const staffFeed = await rest("POST", "/settings/calendar-feed", { body: {}, headers: { cookie: staff } });
    const staffToken = (staffFeed.json.url as string).split("/").pop()!.replace(".ics", "");
    const staffEvents = new ICAL.Component(ICAL.parse((await calendarForToken(db, staffToken))!))
      .getAllSubcomponents("vevent")
      .map((vevent) => new ICAL.Event(vevent));
    expect(staffEvents.map((event) => event.summary)).toEqual(
      expect.arrayContaining(["Basic Lawn Mowing: Feed Owner", "Basic Lawn Mowing: Someone Else"]),
    );
    expect(
      staffEvents.some(
        (event) => event.summary.endsWith("Someone Else") && event.component.getFirstPropertyValue("status") === "TENTATIVE",
      ),
    ).toBe(true);

    // A new address replaces the old one; turning the feed off ends it.
    const renewed = await rest("POST", "/customer/calendar-feed", { body: {}, headers: { cookie: customerCookieValue } });
    expect(await calendarForToken(db, token)).toBeNull();
    const renewedToken = (renewed.json.url as string).split("/").pop()!.replace(".ics", "");
    expect(await calendarForToken(db, renewedToken)).toContain("BEGIN:VCALENDAR");
    await rest("DELETE", "/customer/calendar-feed", { headers: { cookie: customerCookieValue } });
    expect(await calendarForToken(db, renewedToken)).toBeNull();
    expect(await calendarForToken(db, "not-a-token")).toBeNull();
    // An API key cannot make a feed in a staff member's name.
    expect((await rest("POST", "/settings/calendar-feed", { body: {} })).status).toBe(401);
  });
});

describe("webhook payloads", () => {
  it("are described in the OpenAPI document", async () => {
    const { getOpenApiDocument } = await import("@/server/app/openapi");
    const webhooks = getOpenApiDocument().webhooks as Record<
      string,
      { post: { requestBody: { content: { "application/json": { schema: { properties: Record<string, unknown> } } } } } }
    >;
    expect(Object.keys(webhooks).sort()).toEqual([
      "booking.created",
      "customer.created",
      "message.received",
      "payment.completed",
      "quote.accepted",
      "quote.declined",
      "quote.sent",
      "visit.completed",
      "visit.updated",
    ]);
    const booking = webhooks["booking.created"]!.post.requestBody.content["application/json"].schema;
    expect(Object.keys(booking.properties)).toEqual(["id", "type", "createdAt", "data"]);
    expect(JSON.stringify(booking)).toContain("reference");
  });
});
