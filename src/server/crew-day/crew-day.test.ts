import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { businessInstant, businessToday, addDays } from "@/lib/business-time";
import { createApiKey } from "@/server/auth/api-keys";
import { addCrew } from "@/server/crews/crews-repository";
import { getDatabase, getDb } from "@/server/db";
import type { JobWorker } from "@/server/jobs/job-queue";
import { emailOutbox, fieldActions, payments, schedules, staffUsers, visits, webhookDeliveries, webhookEvents } from "@/server/db/schema";
import { PASSWORD_CHANGE_REQUIRED } from "@/server/api/trpc";
import { createPlanVisits } from "@/server/schedules/plan-visits";
import { findVisit, moveVisit } from "@/server/schedules/visits";
import { createWebhookEndpoint } from "@/server/webhooks/endpoints";
import { chargeAutopay } from "@/server/payments/autopay";
import { startStripeStandIn, type StripeStandIn } from "#test/doubles/stripe-stand-in";
import { callerWith, createCustomer, createStaffUser, customerCookie, rest, staffCookie, stripeStandInEnv } from "#test/support/helpers";
import { setEnv } from "#test/support/env";
import { startSmtpServer } from "#test/doubles/smtp-server";
import { startTestWorker, startWebhookReceiver, waitFor } from "#test/support/notifications";
import { forgetOldFieldActions } from "./field-actions";
import { OFFICE_VERSION_WON, onMyWay } from "./field-steps";
import { LIMITS } from "@/server/auth/limits";
import { changeVisitStatus, CREW_CHANGES_TODAY_ONLY } from "@/server/schedules/visit-status";

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0xff, 0xd9]);
const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let stripe: StripeStandIn;
let crewA: number;
let crewB: number;
let crewMemberA: string;
let crewMemberB: string;
let office: string;
let sequence = 0;
const newKey = () => `key-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

beforeAll(async () => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  stripe = await startStripeStandIn();
  const db = await getDb();
  crewA = (await addCrew(db, { name: `Field A ${Date.now()}` })).id;
  crewB = (await addCrew(db, { name: `Field B ${Date.now()}` })).id;
  crewMemberA = await staffCookie((await createStaffUser({ role: "crew", crewId: crewA })).user.id);
  crewMemberB = await staffCookie((await createStaffUser({ role: "crew", crewId: crewB })).user.id);
  office = await staffCookie((await createStaffUser({ role: "office" })).user.id);
});
beforeEach(() => setEnv(stripeStandInEnv(stripe.url)));
afterAll(async () => {
  setEnv(stripeStandInEnv(undefined));
  await stripe.close();
  vi.restoreAllMocks();
});

/** A one-time visit of a crew at a time of an Austin day (today by default). */
async function crewVisit(crewId: number, options: { customerId?: number; time?: string; date?: string; notes?: string } = {}) {
  const db = await getDb();
  const customerId = options.customerId ?? (await createCustomer()).customer.id;
  const startTime = businessInstant(options.date ?? businessToday(), options.time ?? "10:00");
  const [schedule] = await db
    .insert(schedules)
    .values({
      customerId,
      date: startTime,
      startTime,
      endTime: new Date(startTime.getTime() + 60 * 60_000),
      status: "confirmed",
      totalPrice: 4500,
      crewId,
      address: "42 Oak Hollow Dr",
      city: "Austin",
      state: "TX",
      zipCode: "78745",
      specialInstructions: options.notes ?? null,
    })
    .returning();
  await createPlanVisits(db, schedule!, "staff");
  const [visit] = await db.select().from(visits).where(eq(visits.scheduleId, schedule!.id));
  return visit!;
}

function post(path: string, cookie: string, body: unknown, key: string | null = newKey()) {
  return rest("POST", path, { body, headers: { cookie, ...(key ? { "idempotency-key": key } : {}) } });
}

/** A customer with a saved card and autopay on, whose account owns what the office books for them. */
async function autopayCustomer() {
  const { customer } = await createCustomer({ password: "field-owner-1" });
  const cookie = await customerCookie(customer.id);
  const setup = await rest("POST", "/customer/cards/setup", { headers: { cookie } });
  stripe.completeSetupIntent((setup.json.clientSecret as string).split("_secret_")[0]!);
  expect((await rest("PUT", "/customer/autopay", { body: { enabled: true }, headers: { cookie } })).status).toBe(200);
  return { customer, cookie };
}

describe("the crew's day", () => {
  it("lists the crew's stops of today in time order, with the gate code, and never another crew's", async () => {
    const late = await crewVisit(crewA, { time: "14:00" });
    const early = await crewVisit(crewA, { time: "09:00", notes: "Gate code 4821, dog in the back" });
    const other = await crewVisit(crewB, { time: "11:00" });
    const tomorrow = await crewVisit(crewA, { date: addDays(businessToday(), 1) });

    const day = await rest("GET", "/crew/day", { headers: { cookie: crewMemberA } });
    expect(day.status).toBe(200);
    const ids = (day.json.stops as Array<{ visitId: string }>).map((stop) => stop.visitId);
    expect(ids.indexOf(String(early.id))).toBeLessThan(ids.indexOf(String(late.id)));
    expect(ids).not.toContain(String(other.id));
    expect(ids).not.toContain(String(tomorrow.id));
    const first = (day.json.stops as Array<Record<string, unknown>>).find((stop) => stop.visitId === String(early.id))!;
    expect(first).toMatchObject({ gateCode: "4821", address: "42 Oak Hollow Dr, Austin, TX 78745", status: "confirmed" });

    // A crew member asking for another crew still gets their own.
    const asked = await rest("GET", `/crew/day?crewId=${crewB}`, { headers: { cookie: crewMemberA } });
    expect((asked.json.stops as Array<{ visitId: string }>).map((stop) => stop.visitId)).not.toContain(String(other.id));
  });

  it("emails the customer an arrival estimate on the way, unless they turned visit emails off", async () => {
    const { customer } = await createCustomer();
    const visit = await crewVisit(crewA, { customerId: customer.id });
    const answer = await post(`/crew/visits/${visit.id}/on-my-way`, crewMemberA, { etaMinutes: 20 });
    expect(answer.status).toBe(200);
    expect(answer.json.customerNotified).toBe(true);
    const db = await getDb();
    const sent = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, customer.email), eq(emailOutbox.kind, "on_my_way")));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Our crew is on the way: arriving around \d{1,2}:\d{2} [AP]M$/);

    const { customer: quiet } = await createCustomer({ remindersEnabled: false });
    const quietVisit = await crewVisit(crewA, { customerId: quiet.id, time: "15:00" });
    const quietAnswer = await post(`/crew/visits/${quietVisit.id}/on-my-way`, crewMemberA, { etaMinutes: 20 });
    expect(quietAnswer.json.customerNotified).toBe(false);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, quiet.email))).toHaveLength(0);
  });

  it("starts, reports a problem the office sees at once, and completes with a note", async () => {
    const visit = await crewVisit(crewA, { time: "12:00" });
    expect((await post(`/crew/visits/${visit.id}/start`, crewMemberA, {})).json.stop).toMatchObject({
      report: { startedAt: expect.any(String) },
    });
    const problem = await post(`/crew/visits/${visit.id}/cant-do`, crewMemberA, { reason: "Locked gate, nobody home" });
    expect(problem.status).toBe(200);
    const seen = await rest("GET", "/crew/problems", { headers: { cookie: office } });
    expect(seen.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          visitId: String(visit.id),
          report: expect.objectContaining({ problemReason: "Locked gate, nobody home" }),
        }),
      ]),
    );
    const report = await rest("GET", `/crew/visits/${visit.id}/report`, { headers: { cookie: office } });
    expect(report.json.report).toMatchObject({ problemReason: "Locked gate, nobody home" });

    const done = await post(`/crew/visits/${visit.id}/complete`, crewMemberA, { note: "Neighbour let us in" });
    expect(done.json.stop).toMatchObject({ status: "completed", report: { completionNote: "Neighbour let us in", problemReason: null } });
    const after = await rest("GET", "/crew/problems", { headers: { cookie: office } });
    expect((after.json as unknown as Array<{ visitId: string }>).map((stop) => stop.visitId)).not.toContain(String(visit.id));
  });

  it("drops a problem from the office's list once the office moves the visit, and shows a new report again", async () => {
    const visit = await crewVisit(crewA, { time: "16:00" });
    await post(`/crew/visits/${visit.id}/cant-do`, crewMemberA, { reason: "Customer asked for later" });
    const open = async () =>
      ((await rest("GET", "/crew/problems", { headers: { cookie: office } })).json as unknown as Array<{ visitId: string }>).map(
        (stop) => stop.visitId,
      );
    expect(await open()).toContain(String(visit.id));

    const db = await getDb();
    const later = businessInstant(businessToday(), "17:00");
    await moveVisit(db, (await findVisit(db, String(visit.id)))!, later, new Date(later.getTime() + 60 * 60_000));
    expect(await open()).not.toContain(String(visit.id));

    await post(`/crew/visits/${visit.id}/cant-do`, crewMemberA, { reason: "Still locked at five" });
    expect(await open()).toContain(String(visit.id));
  });

  it("refuses a field action without an idempotency key, or a key reused for another action", async () => {
    const visit = await crewVisit(crewA, { time: "13:00" });
    const without = await post(`/crew/visits/${visit.id}/start`, crewMemberA, {}, null);
    expect(without.status).toBe(400);
    expect(without.json.message).toMatch(/Idempotency-Key/);
    const key = newKey();
    expect((await post(`/crew/visits/${visit.id}/start`, crewMemberA, {}, key)).status).toBe(200);
    const reused = await post(`/crew/visits/${visit.id}/cant-do`, crewMemberA, { reason: "Rain" }, key);
    expect(reused.status).toBe(409);
  });
});

describe("on my way, tapped again and again", () => {
  const onMyWayTo = (visitId: number, etaMinutes: number, headers: Record<string, string>, key = newKey()) =>
    rest("POST", `/crew/visits/${visitId}/on-my-way`, { body: { etaMinutes }, headers: { ...headers, "idempotency-key": key } });
  const emailsTo = async (email: string) =>
    (await getDb())
      .select({ kind: emailOutbox.kind, subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, email))
      .orderBy(emailOutbox.id);

  it("emails the customer once, then once more for a corrected estimate, whoever taps and however often", async () => {
    const db = await getDb();
    const { customer } = await createCustomer();
    const visit = await crewVisit(crewA, { customerId: customer.id, time: "11:30" });
    const { key } = await createApiKey(db, `crew A tablet ${newKey()}`, null, null, new Date(), { role: "crew", crewId: crewA });
    const callers: Array<Record<string, string>> = [{ cookie: crewMemberA }, { authorization: `Bearer ${key}` }];
    // 25 minutes is close to 20; 45 is not, and earns the one correction; nothing after it is emailed.
    const etas = [20, 20, 25, 45, 45, 90, 10, 30];
    const answers = [];
    for (const [tap, eta] of etas.entries()) answers.push(await onMyWayTo(visit.id, eta, callers[tap % 2]!));

    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(answers.map((answer) => answer.json.customerNotified)).toEqual([true, false, false, true, false, false, false, false]);
    const sent = await emailsTo(customer.email);
    expect(sent.map((email) => email.kind)).toEqual(["on_my_way", "on_my_way_corrected"]);
    expect(sent[1]!.subject).toMatch(/^New arrival time: our crew now expects to arrive around \d{1,2}:\d{2} [AP]M$/);
    // The stop shows the estimate the customer was last told.
    expect((answers[7]!.json.stop as { report: { etaMinutes: number } }).report.etaMinutes).toBe(45);
  });

  it("compares arrival times, not minutes: twenty minutes later, ten more minutes is the same arrival", async () => {
    const db = await getDb();
    const { customer } = await createCustomer();
    const visit = await crewVisit(crewA, { customerId: customer.id, time: "11:45" });
    const today = businessToday();
    const caller = (key: string) => ({ actor: "staff:999998" as const, key, crewScope: { crewId: crewA }, staffUserId: null });
    const at = (time: string) => businessInstant(today, time);
    const tap = (key: string, etaMinutes: number, time: string) =>
      onMyWay(db, caller(key), { visitId: String(visit.id), etaMinutes }, at(time));
    expect((await tap(newKey(), 30, "10:00")).customerNotified).toBe(true);
    expect((await tap(newKey(), 10, "10:20")).customerNotified).toBe(false);
    expect((await tap(newKey(), 10, "10:40")).customerNotified).toBe(true);
    expect((await emailsTo(customer.email)).map((email) => email.kind)).toEqual(["on_my_way", "on_my_way_corrected"]);
  });

  it("emails once when eight taps arrive at the same moment", async () => {
    const { customer } = await createCustomer();
    const visit = await crewVisit(crewA, { customerId: customer.id, time: "12:00" });
    const answers = await Promise.all(Array.from({ length: 8 }, () => onMyWayTo(visit.id, 20, { cookie: crewMemberA })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(await emailsTo(customer.email)).toHaveLength(1);
  });

  it("answers 429 with Retry-After to one sender tapping far more than a crew ever does, and replays still answer", async () => {
    const member = { cookie: await staffCookie((await createStaffUser({ role: "crew", crewId: crewA })).user.id) };
    const visit = await crewVisit(crewA, { time: "12:30" });
    const firstKey = newKey();
    expect((await onMyWayTo(visit.id, 20, member, firstKey)).status).toBe(200);
    for (let tap = 1; tap < LIMITS.onMyWayPerSender.limit; tap++) expect((await onMyWayTo(visit.id, 20, member)).status).toBe(200);
    const refused = await onMyWayTo(visit.id, 20, member);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(LIMITS.onMyWayPerSender.message);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // A tap the phone sends again with its key is the same tap, answered as before.
    const replay = await onMyWayTo(visit.id, 20, member, firstKey);
    expect(replay.status).toBe(200);
    expect(replay.json.replayed).toBe(true);
    // Each sender has their own allowance.
    expect((await onMyWayTo(visit.id, 20, { cookie: crewMemberA })).status).toBe(200);
  });
});

describe("one completion, however often it is sent", () => {
  let worker: JobWorker;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    receiver = await startWebhookReceiver();
    worker = await startTestWorker(await getDatabase());
  });
  beforeEach(() => setEnv({ ...stripeStandInEnv(stripe.url), SMTP_URL: smtp.url }));
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
    await smtp.close();
    setEnv({ SMTP_URL: undefined });
  });

  it("replayed 20 times, 10 of them at once, changes the status once, charges once, sends one receipt and one webhook", async () => {
    const db = await getDb();
    const endpoint = await createWebhookEndpoint(db, { url: receiver.url, events: ["visit.completed"], enabled: true }, null);
    const { customer } = await autopayCustomer();
    const visit = await crewVisit(crewA, { customerId: customer.id, time: "08:00" });
    const key = newKey();
    const path = `/crew/visits/${visit.id}/complete`;
    const body = { note: "All done", seenVersion: visit.updatedAt.toISOString() };

    const together = await Promise.all(Array.from({ length: 10 }, () => post(path, crewMemberA, body, key)));
    const after = [];
    for (let i = 0; i < 10; i++) after.push(await post(path, crewMemberA, body, key));
    const answers = [...together, ...after];
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.json.replayed === false)).toHaveLength(1);
    for (const answer of answers) expect(answer.json.stop).toEqual(answers[0]!.json.stop);

    // One status change, one payment recorded for the visit.
    const [row] = await db.select().from(visits).where(eq(visits.id, visit.id));
    expect(row!.status).toBe("completed");
    const recorded = await db.select().from(payments).where(eq(payments.visitId, visit.id));
    expect(recorded).toHaveLength(1);

    // The job worker charges it, emails the receipt and delivers visit.completed; running the
    // charge again by hand, twice at once, reaches Stripe no second time.
    await waitFor(
      async () => (await db.select().from(payments).where(eq(payments.id, recorded[0]!.id)))[0]?.status === "completed",
      20_000,
      "the charge",
    );
    await Promise.all([chargeAutopay(db, recorded[0]!.id), chargeAutopay(db, recorded[0]!.id)]);
    const receiptsTo = () =>
      smtp.messages.filter((mail) => mail.subject?.startsWith("Receipt") && JSON.stringify(mail.to).includes(customer.email));
    const deliveredFor = () =>
      receiver.received.filter((hook) => {
        const event = JSON.parse(hook.body) as { type: string; data: { visit: { id: number | string } } };
        return event.type === "visit.completed" && String(event.data.visit.id) === String(visit.id);
      });
    await waitFor(() => receiptsTo().length > 0 && deliveredFor().length > 0, 20_000, "the receipt and the webhook");
    // Whatever else is still queued has run by the time every other email of the test is out.
    await waitFor(
      async () => (await db.select().from(emailOutbox).where(eq(emailOutbox.to, customer.email))).every((email) => email.sentAt !== null),
      20_000,
      "the outbox",
    );
    const charged = [...stripe.intents.values()].filter((intent) => intent.metadata?.paymentId === String(recorded[0]!.id));
    expect(charged).toHaveLength(1);
    expect(receiptsTo()).toHaveLength(1);
    expect(deliveredFor()).toHaveLength(1);
    const deliveries = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpoint.id),
          sql`${webhookEvents.payload} -> 'data' -> 'visit' ->> 'id' = ${String(visit.id)}`,
        ),
      );
    expect(deliveries).toHaveLength(1);
  });
});

describe("the office's version", () => {
  it("lets the office's change win over a completion sent with an older version", async () => {
    const visit = await crewVisit(crewA, { time: "16:00" });
    const seenVersion = visit.updatedAt.toISOString();
    // The office moves the visit to another crew time while the phone is offline.
    const moved = await rest("PATCH", `/schedules/visits/${visit.id}/status`, {
      body: { status: "cancelled" },
      headers: { cookie: office },
    });
    expect(moved.status).toBe(200);
    const late = await post(`/crew/visits/${visit.id}/complete`, crewMemberA, { note: "Done", seenVersion });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe(OFFICE_VERSION_WON);
    const [row] = await (await getDb()).select().from(visits).where(eq(visits.id, visit.id));
    expect(row!.status).toBe("cancelled");
  });
});

describe("which day a crew may change", () => {
  const setStatus = (visitId: number, status: string, headers: Record<string, string>) =>
    rest("PATCH", `/schedules/visits/${visitId}/status`, { body: { status }, headers });

  it("changes today's visits and completes an earlier day's late, never a future day's; the office changes any day", async () => {
    const db = await getDb();
    const { customer } = await autopayCustomer();
    const nextWeek = await crewVisit(crewA, { customerId: customer.id, date: addDays(businessToday(), 7), time: "09:00" });
    const tomorrow = await crewVisit(crewA, { date: addDays(businessToday(), 1), time: "09:00" });
    const yesterday = await crewVisit(crewA, { date: addDays(businessToday(), -1), time: "09:00" });
    const { key } = await createApiKey(db, `crew A key ${newKey()}`, null, null, new Date(), { role: "crew", crewId: crewA });

    const crewCallers: Array<Record<string, string>> = [{ cookie: crewMemberA }, { authorization: `Bearer ${key}` }];
    for (const headers of crewCallers) {
      const early = await setStatus(nextWeek.id, "completed", headers);
      expect(early.status).toBe(403);
      expect(early.json.message).toBe(CREW_CHANGES_TODAY_ONLY);
      expect((await setStatus(tomorrow.id, "cancelled", headers)).status).toBe(403);
      // An earlier day's visit may only be completed late, not otherwise changed.
      expect((await setStatus(yesterday.id, "cancelled", headers)).status).toBe(403);
      // The phone's field actions reach today's stops only.
      const field = await rest("POST", `/crew/visits/${tomorrow.id}/complete`, {
        body: {},
        headers: { ...headers, "idempotency-key": newKey() },
      });
      expect(field.status).toBe(404);
    }
    const status = async (visitId: number) => (await db.select().from(visits).where(eq(visits.id, visitId)))[0]!.status;
    expect(await status(nextWeek.id)).toBe("confirmed");
    expect(await status(tomorrow.id)).toBe("confirmed");
    expect(await db.select().from(payments).where(eq(payments.visitId, nextWeek.id))).toEqual([]);

    const today = await crewVisit(crewA, { time: "06:00" });
    expect((await setStatus(today.id, "pending", { cookie: crewMemberA })).status).toBe(200);
    expect((await setStatus(today.id, "completed", { authorization: `Bearer ${key}` })).status).toBe(200);
    expect((await setStatus(yesterday.id, "completed", { cookie: crewMemberA })).status).toBe(200);
    expect(await status(yesterday.id)).toBe("completed");

    expect((await setStatus(tomorrow.id, "cancelled", { cookie: office })).status).toBe(200);
    expect(await status(tomorrow.id)).toBe("cancelled");
  });

  it("counts the day in Austin: a minute before midnight there is still the day before", async () => {
    const db = await getDb();
    const day = addDays(businessToday(), 3);
    const visit = await crewVisit(crewA, { date: day, time: "00:30" });
    const crew = { crewId: crewA };
    await expect(changeVisitStatus(db, String(visit.id), "completed", businessInstant(addDays(day, -1), "23:59"), crew)).rejects.toThrow(
      CREW_CHANGES_TODAY_ONLY,
    );
    const done = await changeVisitStatus(db, String(visit.id), "completed", businessInstant(day, "00:01"), crew);
    expect(done.status).toBe("completed");
  });
});

describe("old idempotency keys", () => {
  it("are forgotten after two days, and only those", async () => {
    const db = await getDb();
    const now = new Date();
    await db.insert(fieldActions).values([
      { actor: "staff:999999", key: newKey(), request: "start 1", result: {}, createdAt: new Date(now.getTime() - 3 * 86_400_000) },
      { actor: "staff:999999", key: newKey(), request: "start 2", result: {}, createdAt: new Date(now.getTime() - 3_600_000) },
    ]);
    await forgetOldFieldActions(db, now);
    const left = await db.select({ request: fieldActions.request }).from(fieldActions).where(eq(fieldActions.actor, "staff:999999"));
    expect(left).toEqual([{ request: "start 2" }]);
  });
});

describe("who may act on a visit in the field", () => {
  it("refuses another crew's visit, a visit of another day, a customer, a forged key and nobody", async () => {
    const visit = await crewVisit(crewA, { time: "17:00" });
    const tomorrow = await crewVisit(crewB, { date: addDays(businessToday(), 1) });
    expect((await post(`/crew/visits/${visit.id}/complete`, crewMemberB, {})).status).toBe(404);
    expect((await post(`/crew/visits/${tomorrow.id}/start`, crewMemberB, {})).status).toBe(404);
    expect((await post(`/crew/visits/${visit.id}/complete`, await customerCookie(), {})).status).toBe(401);
    const forged = await rest("POST", `/crew/visits/${visit.id}/complete`, {
      body: {},
      headers: { authorization: "Bearer gsk_forged0000000000000000000000000000", "idempotency-key": newKey() },
    });
    expect(forged.status).toBe(401);
    expect((await rest("POST", `/crew/visits/${visit.id}/complete`, { body: {}, headers: { "idempotency-key": newKey() } })).status).toBe(
      401,
    );

    // A crew's API key acts only on that crew's visits.
    const db = await getDb();
    const { key: token } = await createApiKey(db, `crew B key ${newKey()}`, null, null, new Date(), { role: "crew", crewId: crewB });
    const byKey = await rest("POST", `/crew/visits/${visit.id}/start`, {
      body: {},
      headers: { authorization: `Bearer ${token}`, "idempotency-key": newKey() },
    });
    expect(byKey.status).toBe(404);
    const [row] = await db.select().from(visits).where(eq(visits.id, visit.id));
    expect(row!.status).toBe("confirmed");
  });

  it("replays a key only to the caller who sent it", async () => {
    const visit = await crewVisit(crewA, { time: "18:00" });
    const key = newKey();
    expect((await post(`/crew/visits/${visit.id}/start`, crewMemberA, {}, key)).json.replayed).toBe(false);
    // Another crew member sending the same key is another action, and still not allowed on this visit.
    expect((await post(`/crew/visits/${visit.id}/start`, crewMemberB, {}, key)).status).toBe(404);
  });
});

describe("photos of a visit", () => {
  it("keeps up to three checked photos, shows them to staff, and to the owner once the visit is completed", async () => {
    const { customer, cookie } = await autopayCustomer();
    const visit = await crewVisit(crewA, { customerId: customer.id, time: "19:00" });
    const photo = JPEG.toString("base64");
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const added = await post(`/crew/visits/${visit.id}/photos`, crewMemberA, { photo });
      expect(added.status).toBe(201);
      ids.push(added.json.photoId as number);
    }
    expect((await post(`/crew/visits/${visit.id}/photos`, crewMemberA, { photo })).status).toBe(409);

    // Staff see it; another crew does not.
    const seen = await rest("GET", `/visit-photos/${ids[0]}`, { headers: { cookie: office } });
    expect(seen.status).toBe(200);
    expect(seen.headers.get("content-type")).toBe("image/jpeg");
    expect((await rest("GET", `/visit-photos/${ids[0]}`, { headers: { cookie: crewMemberB } })).status).toBe(404);

    // The owner sees nothing before completion, everything after; another customer never.
    expect((await rest("GET", `/customer/appointments/${visit.id}/photos`, { headers: { cookie } })).json).toEqual([]);
    expect((await rest("GET", `/visit-photos/${ids[0]}`, { headers: { cookie } })).status).toBe(404);
    await post(`/crew/visits/${visit.id}/complete`, crewMemberA, {});
    expect((await rest("GET", `/customer/appointments/${visit.id}/photos`, { headers: { cookie } })).json).toEqual(ids);
    expect((await rest("GET", `/visit-photos/${ids[1]}`, { headers: { cookie } })).status).toBe(200);

    const stranger = await customerCookie();
    expect((await rest("GET", `/customer/appointments/${visit.id}/photos`, { headers: { cookie: stranger } })).status).toBe(404);
    expect((await rest("GET", `/visit-photos/${ids[1]}`, { headers: { cookie: stranger } })).status).toBe(404);
    expect((await rest("GET", `/visit-photos/${ids[1]}`)).status).toBe(401);
  });

  it("answers a staff member who must still choose their password as every staff route does", async () => {
    const db = await getDb();
    const visit = await crewVisit(crewA, { time: "19:30" });
    const added = await post(`/crew/visits/${visit.id}/photos`, crewMemberA, { photo: JPEG.toString("base64") });
    expect(added.status).toBe(201);
    for (const role of ["office", "crew"] as const) {
      const { user } = await createStaffUser({ role, crewId: role === "crew" ? crewA : null });
      await db.update(staffUsers).set({ mustChangePassword: true }).where(eq(staffUsers.id, user.id));
      const cookie = await staffCookie(user.id);
      const elsewhere = await rest("GET", "/crew/day", { headers: { cookie } });
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.json.message).toBe(PASSWORD_CHANGE_REQUIRED);
      const photo = await rest("GET", `/visit-photos/${added.json.photoId}`, { headers: { cookie } });
      expect({ status: photo.status, message: photo.json?.message }).toEqual({ status: 403, message: PASSWORD_CHANGE_REQUIRED });
    }
  });

  it("reads the type from the bytes and refuses what is not an image or is over 2 MB", async () => {
    const visit = await crewVisit(crewA, { time: "20:00" });
    const script = Buffer.from("<script>alert(1)</script>").toString("base64");
    const notImage = await post(`/crew/visits/${visit.id}/photos`, crewMemberA, { photo: script });
    expect(notImage.status).toBe(400);
    expect(notImage.json.message).toBe("The photo must be a JPEG, PNG or WebP image.");
    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 0);
    Buffer.from(PNG_HEADER).copy(big);
    const tooBig = await post(`/crew/visits/${visit.id}/photos`, crewMemberA, { photo: big.toString("base64") });
    expect(tooBig.status).toBe(400);
    const png = Buffer.alloc(64, 0);
    Buffer.from(PNG_HEADER).copy(png);
    const added = await post(`/crew/visits/${visit.id}/photos`, crewMemberA, { photo: png.toString("base64") });
    expect(added.status).toBe(201);
    const seen = await rest("GET", `/visit-photos/${added.json.photoId}`, { headers: { cookie: office } });
    expect(seen.headers.get("content-type")).toBe("image/png");
  });

  it("takes the same photo key once over tRPC too", async () => {
    const visit = await crewVisit(crewA, { time: "21:00" });
    const caller = await callerWith({ cookie: crewMemberA });
    const idempotencyKey = newKey();
    const first = await caller.crewDay.addPhoto({ visitId: visit.id, idempotencyKey, photo: JPEG.toString("base64") });
    const again = await caller.crewDay.addPhoto({ visitId: visit.id, idempotencyKey, photo: JPEG.toString("base64") });
    expect(again).toEqual({ ...first, replayed: true });
    expect((await caller.crewDay.visitReport({ visitId: visit.id })).report.photoIds).toEqual([first.photoId]);
  });
});
