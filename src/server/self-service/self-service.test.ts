import { and, asc, eq, gt, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, businessDateOf, businessInstant, businessToday } from "@/lib/business-time";
import { getDb } from "@/server/db";
import { emailOutbox, messages, schedules, services, visits } from "@/server/db/schema";
import { dayAvailability } from "@/server/schedules/availability";
import { createBooking, SLOT_TAKEN_MESSAGE } from "@/server/booking/create-booking";
import { setCrewCapacity } from "@/server/schedules/crew-capacity";
import { saveSelfServiceRules } from "@/server/settings/self-service-rules";
import { DEFAULT_SELF_SERVICE_RULES } from "@/lib/validation/self-service";
import { insertPlan } from "#test/fixtures/plans";
import { createCustomer, customerCookie, rest, staffCookie } from "#test/support/helpers";
import { changeAppointment } from "./change-appointment";

const HOUR = 3_600_000;

async function mowing() {
  const db = await getDb();
  const [service] = await db
    .insert(services)
    .values({ name: "Weekly Mowing", price: 4500, duration: 60, availableZipCodes: [] })
    .returning();
  return service!;
}

/** A plan starting at `start`, weekly unless one-time, for the customer. */
function planOf(customerId: number, serviceId: number, start: Date, recurring = true) {
  return insertPlan(
    { customerId, serviceId, startTime: start, totalPrice: 4500, isRecurring: recurring, recurringFrequency: recurring ? "weekly" : null },
    "booked",
  );
}

async function visitRows(scheduleId: number) {
  return (await getDb()).select().from(visits).where(eq(visits.scheduleId, scheduleId)).orderBy(visits.startTime);
}

/**
 * A customer with a session and a weekly plan at `time` starting `daysAhead` days from today.
 * Each test takes its own hour of the day, so one test's series never fills another's slot.
 */
async function setup(time: string, daysAhead = 10) {
  const service = await mowing();
  const { customer } = await createCustomer({ fullName: `Plan Owner ${time}`, password: "plan-owner-1" });
  const { customer: other } = await createCustomer({ fullName: `Other ${time}`, password: "plan-owner-1" });
  const first = addDays(businessToday(), daysAhead);
  const plan = await planOf(customer.id, service.id, businessInstant(first, time));
  const rows = await visitRows(plan.id);
  return {
    service,
    customer,
    other,
    plan,
    first,
    rows,
    headers: { cookie: await customerCookie(customer.id) },
    otherHeaders: { cookie: await customerCookie(other.id) },
  };
}

const post = (path: string, headers: Record<string, string>, body: unknown = {}) => rest("POST", path, { headers, body });

describe("skip", () => {
  it("previews without writing, then skips one visit; the plan goes on, staff see who did it, the conversation says so", async () => {
    const { rows, headers, customer, first } = await setup("09:00");
    const target = rows[0]!;
    const preview = await post(`/customer/appointments/${target.id}/preview`, headers, { change: { action: "skip" } });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ action: "skip", applied: false, changes: [{ visitId: String(target.id), effect: "skipped" }] });
    expect((await visitRows(target.scheduleId))[0]!.status).toBe("pending");

    const skipped = await post(`/customer/appointments/${target.id}/skip`, headers);
    expect(skipped.status).toBe(200);
    expect(skipped.json).toMatchObject({ applied: true });
    const [row, next] = await visitRows(target.scheduleId);
    expect(row).toMatchObject({ status: "cancelled", customerChange: "skipped", changedBy: "customer" });
    expect(next).toMatchObject({ status: "pending", customerChange: null });

    const [message] = await (await getDb()).select().from(messages).where(eq(messages.customerId, customer.id));
    expect(message).toMatchObject({ senderType: "customer", read: false });
    expect(message!.content).toMatch(/^Skipped the visit of \w{3}, \w{3} \d{1,2} \(Weekly Mowing\)$/);

    const staff = await rest("GET", `/schedules?startDate=${first}&endDate=${first}`, { headers: { cookie: await staffCookie() } });
    const listed = (staff.json as unknown as Array<{ visitId: string; customerChange: string; changedBy: string; changedAt: string }>).find(
      (visit) => visit.visitId === String(target.id),
    );
    expect(listed).toMatchObject({ customerChange: "skipped", changedBy: "customer" });
    expect(listed!.changedAt).toBeTruthy();

    expect((await post(`/customer/appointments/${target.id}/skip`, headers)).status).toBe(409);
  });

  it("refuses inside the notice window with the phone number, and follows the notice the business sets", async () => {
    const service = await mowing();
    const { customer } = await createCustomer({ fullName: "Late Skipper", password: "plan-owner-1" });
    const headers = { cookie: await customerCookie(customer.id) };
    const plan = await planOf(customer.id, service.id, new Date(Date.now() + 20 * HOUR));
    const [soon] = await visitRows(plan.id);
    const refused = await post(`/customer/appointments/${soon!.id}/skip`, headers);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain("24 hours");
    expect(refused.json.message).toContain("(512) 555-0142");
    const listed = await rest("GET", "/customer/appointments", { headers });
    expect((listed.json.upcoming as Array<{ canCancel: boolean }>)[0]!.canCancel).toBe(false);

    const db = await getDb();
    await saveSelfServiceRules(db, { ...DEFAULT_SELF_SERVICE_RULES, noticeHours: 12 });
    try {
      expect((await post(`/customer/appointments/${soon!.id}/skip`, headers)).status).toBe(200);
    } finally {
      await saveSelfServiceRules(db, DEFAULT_SELF_SERVICE_RULES);
    }
  });

  it("refuses a one-time visit: that one is cancelled instead", async () => {
    const service = await mowing();
    const { customer } = await createCustomer({ fullName: "One Timer", password: "plan-owner-1" });
    const plan = await planOf(customer.id, service.id, new Date(Date.now() + 72 * HOUR), false);
    const refused = await post(`/customer/appointments/${plan.id}/skip`, { cookie: await customerCookie(customer.id) });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain("cancel it");
  });
});

describe("another customer's visit", () => {
  it("answers 404 to every action, the preview and the slots, and changes nothing", async () => {
    const { rows, otherHeaders, first } = await setup("10:00");
    const id = rows[1]!.id;
    const date = addDays(first, 8);
    for (const [path, body] of [
      ["skip", {}],
      ["reschedule", { date, timeSlot: "15:00" }],
      ["pause", { until: addDays(first, 20) }],
      ["resume", {}],
      ["end-plan", {}],
      ["preview", { change: { action: "skip" } }],
    ] as const) {
      const answer = await post(`/customer/appointments/${id}/${path}`, otherHeaders, body);
      expect(answer.status, path).toBe(404);
      expect(answer.json.message, path).toBe("Appointment not found");
    }
    expect((await rest("GET", `/customer/appointments/${id}/slots?date=${date}`, { headers: otherHeaders })).status).toBe(404);
    expect((await visitRows(rows[1]!.scheduleId)).every((row) => row.status === "pending")).toBe(true);
  });
});

describe("reschedule", () => {
  it("moves a visit to a free time within 14 days; it keeps its place in the series", async () => {
    const { rows, headers, first, customer } = await setup("11:00");
    const target = rows[1]!;
    const date = addDays(first, 9);
    const slots = await rest("GET", `/customer/appointments/${target.id}/slots?date=${date}`, { headers });
    expect(slots.status).toBe(200);
    expect((slots.json.slots as Array<{ time: string; available: boolean }>).find((slot) => slot.time === "14:00")!.available).toBe(true);

    const moved = await post(`/customer/appointments/${target.id}/reschedule`, headers, { date, timeSlot: "14:00" });
    expect(moved.status).toBe(200);
    const row = (await visitRows(target.scheduleId)).find((each) => each.id === target.id)!;
    expect(row).toMatchObject({
      customerChange: "rescheduled",
      changedBy: "customer",
      status: "pending",
      occurrenceDate: target.occurrenceDate,
    });
    expect(row.startTime.toISOString()).toBe(businessInstant(date, "14:00").toISOString());
    const contents = (await (await getDb()).select().from(messages).where(eq(messages.customerId, customer.id))).map(
      (message) => message.content,
    );
    expect(contents.some((content) => /^Moved the visit of .+ \(Weekly Mowing\) to .+ at 2:00 PM$/.test(content))).toBe(true);
  });

  it("refuses a date more than 14 days from the planned one", async () => {
    const { rows, headers, first } = await setup("12:00");
    const answer = await post(`/customer/appointments/${rows[0]!.id}/reschedule`, headers, { date: addDays(first, 15), timeSlot: "12:00" });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toContain("within 14 days");
  });

  it("refuses when the business lets customers only skip", async () => {
    const { rows, headers, first } = await setup("13:00");
    const db = await getDb();
    await saveSelfServiceRules(db, { ...DEFAULT_SELF_SERVICE_RULES, allowReschedule: false });
    try {
      const answer = await post(`/customer/appointments/${rows[0]!.id}/reschedule`, headers, {
        date: addDays(first, 1),
        timeSlot: "13:00",
      });
      expect(answer.status).toBe(403);
      expect(answer.json.message).toContain("cannot be moved online");
      const listed = await rest("GET", "/customer/appointments", { headers });
      expect(listed.json.rules).toMatchObject({ allowReschedule: false, phone: "(512) 555-0142" });
    } finally {
      await saveSelfServiceRules(db, DEFAULT_SELF_SERVICE_RULES);
    }
  });

  it("refuses a full slot, and of a reschedule and a booking racing for the last place exactly one wins", async () => {
    const { rows, headers, first, service, customer, other } = await setup("16:00");
    const db = await getDb();
    await setCrewCapacity(db, 1);
    try {
      const fullDate = addDays(first, 2);
      await planOf(other.id, service.id, businessInstant(fullDate, "15:00"), false);
      const full = await post(`/customer/appointments/${rows[0]!.id}/reschedule`, headers, { date: fullDate, timeSlot: "15:00" });
      expect(full.status).toBe(409);
      expect(full.json.message).toBe(SLOT_TAKEN_MESSAGE);

      // Earlier tests in this file leave visits at times taken from the clock, so each round races on
      // the next day whose 17:00 place is free (one crew) before the race starts.
      let raceDate = addDays(first, 2);
      for (let round = 0; round < 3; round++) {
        do raceDate = addDays(raceDate, 1);
        while (
          !(await dayAvailability(db, { date: raceDate, serviceId: service.id }))?.slots.find((slot) => slot.time === "17:00")?.available
        );
        const results = await Promise.allSettled([
          changeAppointment(db, customer.id, String(rows[0]!.id), { action: "reschedule", date: raceDate, timeSlot: "17:00" }),
          createBooking(db, {
            request: {
              serviceId: service.id,
              fullName: "Racing Booker",
              email: `racer${round}@example.com`,
              phone: "(512) 555-0199",
              address: "1100 Congress Ave",
              city: "Austin",
              state: "TX",
              zipCode: "78701",
              date: raceDate,
              timeSlot: "17:00",
              isRecurring: false,
              recurringFrequency: "weekly",
              lawnSizeSqFt: null,
              specialInstructions: "",
            },
          }),
        ]);
        // The reasons go into the message: one run under full-suite load saw both refused (stop 25).
        const reasons = results.map((result) => (result.status === "rejected" ? String((result.reason as Error)?.message) : "fulfilled"));
        expect(
          results.filter((result) => result.status === "fulfilled"),
          `round ${round}: ${reasons.join(" | ")}`,
        ).toHaveLength(1);
        const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
        expect((refused.reason as Error).message).toBe(SLOT_TAKEN_MESSAGE);
        const at = businessInstant(raceDate, "17:00");
        const holding = await db
          .select()
          .from(visits)
          .where(and(eq(visits.startTime, at), eq(visits.status, "pending")));
        expect(holding).toHaveLength(1);
      }
    } finally {
      await setCrewCapacity(db, 2);
    }
  });
});

describe("pause and resume", () => {
  it("pauses the plan for a month, refuses a pause past the longest allowed, and resumes, naming what could not be restored", async () => {
    const { rows, headers, first, service, other, customer } = await setup("14:00", 5);
    const until = addDays(first, 28);
    const tooLong = await post(`/customer/appointments/${rows[0]!.id}/pause`, headers, { until: addDays(first, 91) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.message).toContain("at most 90 days");

    const paused = await post(`/customer/appointments/${rows[0]!.id}/pause`, headers, { until });
    expect(paused.status).toBe(200);
    expect((paused.json.changes as unknown[]).length).toBe(4);
    const after = await visitRows(rows[0]!.scheduleId);
    expect(after.slice(0, 4).every((row) => row.status === "cancelled" && row.customerChange === "paused")).toBe(true);
    expect(after[4]).toMatchObject({ status: "pending", occurrenceDate: until });

    // While paused, another customer takes the only crew at the third paused visit's time.
    const db = await getDb();
    await setCrewCapacity(db, 1);
    try {
      await planOf(other.id, service.id, after[2]!.startTime, false);
      const preview = await post(`/customer/appointments/${rows[0]!.id}/preview`, headers, { change: { action: "resume" } });
      expect((preview.json.changes as Array<{ effect: string }>).map((change) => change.effect)).toEqual([
        "restored",
        "restored",
        "notRestored",
        "restored",
      ]);
      const resumed = await post(`/customer/appointments/${rows[0]!.id}/resume`, headers);
      expect(resumed.status).toBe(200);
      expect(resumed.json.summary).toContain("3 visits restored");
      expect(resumed.json.summary).toContain("every crew is booked then");
    } finally {
      await setCrewCapacity(db, 2);
    }
    const restored = await visitRows(rows[0]!.scheduleId);
    expect(restored.slice(0, 4).map((row) => row.status)).toEqual(["pending", "pending", "cancelled", "pending"]);
    expect((await post(`/customer/appointments/${rows[0]!.id}/resume`, headers)).status).toBe(200);
    const contents = (await db.select().from(messages).where(eq(messages.customerId, customer.id))).map((message) => message.content);
    expect(contents[0]).toMatch(/^Paused Weekly Mowing until .+ \(4 visits skipped\)$/);
    expect(contents[1]).toMatch(/^Resumed Weekly Mowing: 3 visits restored; could not restore/);
  });

  it("says there is nothing to resume on a plan that is not paused", async () => {
    const { rows, headers } = await setup("15:00");
    const answer = await post(`/customer/appointments/${rows[0]!.id}/resume`, headers);
    expect(answer.status).toBe(409);
    expect(answer.json.message).toBe("This plan has no paused visits to resume.");
  });
});

describe("end the plan", () => {
  it("ends after a chosen visit: later visits go and none is generated past it", async () => {
    const { rows, headers, plan } = await setup("17:00");
    const chosen = rows[1]!;
    const ended = await post(`/customer/appointments/${chosen.id}/end-plan`, headers);
    expect(ended.status).toBe(200);
    const db = await getDb();
    const later = await db
      .select()
      .from(visits)
      .where(and(eq(visits.scheduleId, plan.id), gt(visits.occurrenceDate, chosen.occurrenceDate)));
    expect(later).toHaveLength(0);
    const [row] = await db.select().from(schedules).where(eq(schedules.id, plan.id));
    expect(businessDateOf(row!.recurringEndDate!)).toBe(chosen.occurrenceDate);
    expect((await post(`/customer/appointments/${chosen.id}/end-plan`, headers)).status).toBe(409);
  });

  it("is refused inside the notice window, as skip, move, pause and cancel are for the same visit", async () => {
    const service = await mowing();
    const { customer } = await createCustomer({ fullName: "Late Ender", password: "plan-owner-1" });
    const headers = { cookie: await customerCookie(customer.id) };
    const plan = await planOf(customer.id, service.id, new Date(Date.now() + 20 * HOUR));
    const [soon, next] = await visitRows(plan.id);
    for (const path of ["skip", "end-plan"]) {
      const refused = await post(`/customer/appointments/${soon!.id}/${path}`, headers);
      expect(refused.status).toBe(409);
      expect(refused.json.message).toContain("24 hours");
    }
    expect((await visitRows(plan.id)).length).toBeGreaterThan(2);
    // The next visit is outside the window: the plan can end after it.
    expect((await post(`/customer/appointments/${next!.id}/end-plan`, headers)).status).toBe(200);
  });
});

describe("resume restores what was there", () => {
  it("brings a visit the office had confirmed back as confirmed, and a pending one as pending", async () => {
    const { rows, headers, first } = await setup("07:00", 5);
    const db = await getDb();
    await db.update(visits).set({ status: "confirmed" }).where(eq(visits.id, rows[1]!.id));
    expect((await post(`/customer/appointments/${rows[0]!.id}/pause`, headers, { until: addDays(first, 21) })).status).toBe(200);
    const paused = await visitRows(rows[0]!.scheduleId);
    expect(paused.slice(0, 3).map((row) => row.status)).toEqual(["cancelled", "cancelled", "cancelled"]);
    expect((await post(`/customer/appointments/${rows[0]!.id}/resume`, headers)).status).toBe(200);
    const resumed = await visitRows(rows[0]!.scheduleId);
    expect(resumed.slice(0, 3).map((row) => row.status)).toEqual(["pending", "confirmed", "pending"]);
    expect(resumed.every((row) => row.statusBeforePause === null)).toBe(true);
  });
});

describe("the customer's own change by email", () => {
  async function emailsTo(address: string) {
    return (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.to, address)).orderBy(asc(emailOutbox.id));
  }

  it("sends one email per change (skip, move, pause, resume, end) to the account's address, naming what changed", async () => {
    const { rows, headers, customer, first } = await setup("06:00", 5);
    expect(await emailsTo(customer.email)).toHaveLength(0);

    expect((await post(`/customer/appointments/${rows[0]!.id}/skip`, headers)).status).toBe(200);
    const [skipped] = await emailsTo(customer.email);
    expect(skipped).toMatchObject({ kind: "own_change_skip", subject: expect.stringMatching(/^You skipped your visit on \w+ \d{1,2}$/) });
    expect(skipped!.body).toContain("Skip the visit of");
    expect(skipped!.body).toContain("Skipped");
    expect(skipped!.headers).toHaveProperty("List-Unsubscribe");

    const moveTo = addDays(rows[1]!.occurrenceDate, 1);
    expect((await post(`/customer/appointments/${rows[1]!.id}/reschedule`, headers, { date: moveTo, timeSlot: "10:00" })).status).toBe(200);
    expect((await post(`/customer/appointments/${rows[2]!.id}/pause`, headers, { until: addDays(first, 28) })).status).toBe(200);
    expect((await post(`/customer/appointments/${rows[2]!.id}/resume`, headers)).status).toBe(200);
    expect((await post(`/customer/appointments/${rows[6]!.id}/end-plan`, headers)).status).toBe(200);
    expect((await emailsTo(customer.email)).map((email) => email.kind)).toEqual([
      "own_change_skip",
      "own_change_reschedule",
      "own_change_pause",
      "own_change_resume",
      "own_change_endPlan",
    ]);
  });

  it("sends nothing when the change is refused", async () => {
    const { rows, headers, customer } = await setup("06:00", 12);
    expect((await post(`/customer/appointments/${rows[0]!.id}/resume`, headers)).status).toBe(409);
    const db = await getDb();
    expect(
      await db
        .select()
        .from(emailOutbox)
        .where(like(emailOutbox.kind, "own_change_%"))
        .then((all) => all.filter((email) => email.to === customer.email)),
    ).toHaveLength(0);
  });
});

describe("the business's rules", () => {
  it("staff read and save them, validated", async () => {
    const headers = { cookie: await staffCookie() };
    expect((await rest("GET", "/settings/self-service", { headers })).json).toEqual(DEFAULT_SELF_SERVICE_RULES);
    const bad = await rest("PUT", "/settings/self-service", { headers, body: { noticeHours: 24, maxPauseDays: 0, allowReschedule: true } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("The longest pause must be at least 1 day");
    const saved = await rest("PUT", "/settings/self-service", {
      headers,
      body: { noticeHours: 48, maxPauseDays: 30, allowReschedule: false },
    });
    expect(saved.status).toBe(200);
    expect((await rest("GET", "/settings/self-service", { headers })).json).toEqual({
      noticeHours: 48,
      maxPauseDays: 30,
      allowReschedule: false,
    });
    await rest("PUT", "/settings/self-service", { headers, body: DEFAULT_SELF_SERVICE_RULES });
  });
});
