/**
 * Series once grew without bound through a visit id or a far window. A legacy
 * "<planId>-<yyyy-MM-dd>" id named a date past the horizon, and the lookup generated the plan's
 * visits up to it (another customer's plan as well as one's own); a staff read of a far window or
 * the public availability of a far day did the same for every series. Replayed here over HTTP as
 * an attacker with only the API: every such request is answered and writes no visit.
 */
import { count, eq, gt, max } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../src/lib/business-time";
import { getDb } from "../../src/server/db";
import { visits } from "../../src/server/db/schema";
import { horizonDate } from "../../src/server/schedules/series";
import { createCustomer, customerCookie, rest, seedServices, staffCookie } from "../support/helpers";
import { insertVisit } from "../fixtures/portal-data";

const FAR = "2200-01-01";

async function rowsOfPlan(scheduleId: number) {
  const db = await getDb();
  const [row] = await db.select({ value: count() }).from(visits).where(eq(visits.scheduleId, scheduleId));
  return row!.value;
}

/** Visits anywhere past the horizon of today; none should ever exist. */
async function rowsPastHorizon() {
  const db = await getDb();
  const [row] = await db.select({ value: count() }).from(visits).where(gt(visits.occurrenceDate, horizonDate()));
  return row!.value;
}

async function weeklyPlanOf(customerId: number) {
  // Five days ahead: outside every notice window, so only the id can make an action fail.
  const plan = await insertVisit(customerId, 5 * 24, { recurring: true });
  // Its creation generated its visits through the horizon, and not past it.
  const [last] = await (await getDb())
    .select({ date: max(visits.occurrenceDate) })
    .from(visits)
    .where(eq(visits.scheduleId, plan.id));
  expect(last!.date! <= horizonDate()).toBe(true);
  expect(last!.date! > addDays(horizonDate(), -7)).toBe(true);
  return plan;
}

/** Every portal request that takes a visit id in its path, with a body it would accept. */
const ACTIONS: Array<[method: "POST" | "GET", path: string, body?: unknown]> = [
  ["POST", "preview", { change: { action: "skip" } }],
  ["POST", "skip", {}],
  ["POST", "cancel", {}],
  ["GET", `slots?date=${FAR}`],
  ["POST", "reschedule", { date: FAR, timeSlot: "10:00" }],
  ["POST", "pause", { until: "2200-02-01" }],
  ["POST", "resume", {}],
  ["POST", "end-plan", {}],
];

describe("a visit id naming a date past the horizon", () => {
  it("is not found, for another customer's plan and for one's own, and generates no visit", async () => {
    const { customer: victim } = await createCustomer({ fullName: "Victim", password: "victim-pass-1" });
    const { customer: attacker } = await createCustomer({ fullName: "Attacker", password: "attacker-pass-1" });
    const victimPlan = await weeklyPlanOf(victim.id);
    const ownPlan = await weeklyPlanOf(attacker.id);
    const headers = { cookie: await customerCookie(attacker.id) };

    for (const plan of [victimPlan, ownPlan]) {
      const before = await rowsOfPlan(plan.id);
      for (const [method, action, body] of ACTIONS) {
        const label = `${method} ${plan.id === ownPlan.id ? "own" : "other"} ${action}`;
        const answer = await rest(method, `/customer/appointments/${plan.id}-${FAR}/${action}`, { headers, body });
        expect(answer.status, label).toBe(404);
        expect(await rowsOfPlan(plan.id), label).toBe(before);
      }
    }
    expect(await rowsPastHorizon()).toBe(0);
  });

  it("still names an existing visit by its plan and planned date", async () => {
    const { customer } = await createCustomer({ fullName: "Legacy Link", password: "legacy-pass-1" });
    const plan = await weeklyPlanOf(customer.id);
    const db = await getDb();
    const [first] = await db.select().from(visits).where(eq(visits.scheduleId, plan.id)).orderBy(visits.occurrenceDate).limit(1);
    const before = await rowsOfPlan(plan.id);
    const preview = await rest("POST", `/customer/appointments/${plan.id}-${first!.occurrenceDate}/preview`, {
      headers: { cookie: await customerCookie(customer.id) },
      body: { change: { action: "skip" } },
    });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ applied: false, changes: [{ visitId: String(first!.id), effect: "skipped" }] });
    // A date with no visit row is not found, and stays without one.
    const between = await rest("POST", `/customer/appointments/${plan.id}-${addDays(first!.occurrenceDate, 1)}/preview`, {
      headers: { cookie: await customerCookie(customer.id) },
      body: { change: { action: "skip" } },
    });
    expect(between.status).toBe(404);
    expect(await rowsOfPlan(plan.id)).toBe(before);
  });

  it("in a staff status change is not found and generates no visit", async () => {
    const { customer } = await createCustomer({ fullName: "Staff Target" });
    const plan = await weeklyPlanOf(customer.id);
    const before = await rowsOfPlan(plan.id);
    const answer = await rest("PATCH", `/schedules/visits/${plan.id}-${FAR}/status`, {
      headers: { cookie: await staffCookie() },
      body: { status: "completed" },
    });
    expect(answer.status).toBe(404);
    expect(await rowsOfPlan(plan.id)).toBe(before);
    expect(await rowsPastHorizon()).toBe(0);
  });
});

describe("a read of a far window", () => {
  /** A fresh plan, then the read: answered, and neither that plan nor any other gains a row. */
  async function readFar(path: string, headers: Record<string, string> = {}) {
    const { customer } = await createCustomer({ fullName: "Far Window" });
    const plan = await weeklyPlanOf(customer.id);
    const before = await rowsOfPlan(plan.id);
    const answer = await rest("GET", path, { headers });
    expect(answer.status, path).toBe(200);
    expect(await rowsOfPlan(plan.id), path).toBe(before);
    expect(await rowsPastHorizon(), path).toBe(0);
    return answer;
  }

  it("staff's calendar for a month in 2100 is empty and writes no visit", async () => {
    const answer = await readFar("/schedules?startDate=2100-01-01&endDate=2100-01-31", { cookie: await staffCookie() });
    expect(answer.json).toEqual([]);
  });

  it("staff's day counts for a month in 2100 are empty and write no visit", async () => {
    const answer = await readFar("/schedules/day-counts?startDate=2100-02-01&endDate=2100-02-28", { cookie: await staffCookie() });
    expect(answer.json).toEqual([]);
  });

  it("the public availability of a day in 2200 writes no visit", async () => {
    const [service] = await seedServices();
    await readFar(`/availability?date=${FAR}&serviceId=${service!.id}`);
  });
});
