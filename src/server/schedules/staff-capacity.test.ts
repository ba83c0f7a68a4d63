import { describe, expect, it } from "vitest";
import { addDays, businessInstant, businessToday } from "@/lib/business-time";
import { getDb } from "@/server/db";
import { createCustomer, rest, seedServices, staffCookie } from "#test/support/helpers";
import { setCrewCapacity } from "./crew-capacity";

const at = (date: string, time: string) => businessInstant(date, time).toISOString();

async function setup() {
  await seedServices();
  await setCrewCapacity(await getDb(), 1);
  const { customer } = await createCustomer({ fullName: "Crew Test" });
  const cookie = await staffCookie();
  const payload = (date: string, start: string, end: string, status = "pending") => ({
    customerId: customer.id,
    date,
    startTime: at(date, start),
    endTime: at(date, end),
    status,
  });
  return { cookie, payload };
}

/** Each test uses its own day, so the crews the others filled do not count. */
let dayOffset = 40;
const nextDay = () => addDays(businessToday(), dayOffset++);

describe("staff writes hold the crew capacity, as bookings do", () => {
  it("staff create: of 8 racing plans for the last crew exactly one is saved", async () => {
    const { cookie, payload } = await setup();
    const day = nextDay();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => rest("POST", "/schedules", { headers: { cookie }, body: payload(day, "09:00", "10:00") })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(responses.find((response) => response.status === 409)!.json.message).toMatch(/^Every crew is busy at 9:00 AM/);
    // A visit already done does not hold a crew.
    expect((await rest("POST", "/schedules", { headers: { cookie }, body: payload(day, "09:00", "10:00", "cancelled") })).status).toBe(201);
  });

  it("staff update: moving visits onto a full time is refused, and of 6 racing moves onto a free one exactly one is saved", async () => {
    const { cookie, payload } = await setup();
    const day = nextDay();
    expect((await rest("POST", "/schedules", { headers: { cookie }, body: payload(day, "08:00", "09:00") })).status).toBe(201);
    const ids: number[] = [];
    for (const hour of ["10", "11", "12", "13", "14", "15"]) {
      const created = await rest("POST", "/schedules", { headers: { cookie }, body: payload(day, `${hour}:00`, `${hour}:30`) });
      expect(created.status).toBe(201);
      ids.push(created.json.id as number);
    }
    const onFull = await rest("PUT", `/schedules/${ids[0]}`, { headers: { cookie }, body: payload(day, "08:30", "09:30") });
    expect(onFull.status).toBe(409);
    // Saving a visit again at its own time is not a clash with itself.
    expect(
      (await rest("PUT", `/schedules/${ids[0]}`, { headers: { cookie }, body: payload(day, "10:00", "10:30", "confirmed") })).status,
    ).toBe(200);

    const moves = await Promise.all(
      ids.map((id) => rest("PUT", `/schedules/${id}`, { headers: { cookie }, body: payload(day, "17:00", "18:00") })),
    );
    expect(moves.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it("status change: a visit taking a crew again must find one free, and of 6 racing ones exactly one does", async () => {
    const { cookie, payload } = await setup();
    const day = nextDay();
    const cancelled: string[] = [];
    for (let index = 0; index < 6; index++) {
      const created = await rest("POST", "/schedules", { headers: { cookie }, body: payload(day, "09:00", "10:00", "cancelled") });
      cancelled.push(String(created.json.id));
    }
    const results = await Promise.all(
      cancelled.map((visitId) =>
        rest("PATCH", `/schedules/visits/${visitId}/status`, { headers: { cookie }, body: { status: "confirmed" } }),
      ),
    );
    expect(results.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const stillCancelled = cancelled.filter((_, index) => results[index]!.status === 409);
    // Completing or cancelling frees a crew and is never refused.
    const confirmed = cancelled[results.findIndex((response) => response.status === 200)]!;
    expect(
      (await rest("PATCH", `/schedules/visits/${confirmed}/status`, { headers: { cookie }, body: { status: "completed" } })).status,
    ).toBe(200);
    expect(
      (await rest("PATCH", `/schedules/visits/${stillCancelled[0]}/status`, { headers: { cookie }, body: { status: "pending" } })).status,
    ).toBe(200);
  });
});

describe("a staff-created series checks every visit, not only its first", () => {
  /** A Tuesday far enough ahead that no other test's visits are near. */
  function tuesdayAhead(days: number) {
    let date = addDays(businessToday(), days);
    while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 2) date = addDays(date, 1);
    return date;
  }

  it("refuses with the later visits that clash and their nearest free times, then moves them when asked", async () => {
    const { cookie, payload } = await setup();
    const first = tuesdayAhead(120);
    const third = addDays(first, 14);
    // The only crew already holds 10:00 on the series' third Tuesday.
    expect((await rest("POST", "/schedules", { headers: { cookie }, body: payload(third, "10:00", "11:00", "confirmed") })).status).toBe(
      201,
    );

    const series = {
      ...payload(first, "10:00", "11:00"),
      isRecurring: true,
      recurringFrequency: "weekly",
      recurringEndDate: at(addDays(first, 30), "12:00"),
    };
    const refused = await rest("POST", "/schedules", { headers: { cookie }, body: series });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/^1 later visit lands when every crew is busy\./);
    const issues = refused.json.issues as Array<{ path: string[]; message: string }>;
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path[0]).toBe("visits");
    expect(issues[0]!.message).toMatch(/at 10:00 AM: every crew is busy; the nearest free time is .+ at (9|11):00 AM\.$/);

    const moved = await rest("POST", "/schedules", { headers: { cookie }, body: { ...series, moveClashingVisits: true } });
    expect(moved.status).toBe(201);
    const movedVisits = moved.json.movedVisits as Array<{ previousStartTime: string; startTime: string }>;
    expect(movedVisits).toHaveLength(1);
    expect(movedVisits[0]!.previousStartTime).toBe(at(third, "10:00"));
    expect([at(third, "09:00"), at(third, "11:00")]).toContain(movedVisits[0]!.startTime);

    // Nothing clashes now: the month's visits hold at most one crew at a time.
    const month = await rest("GET", `/schedules?startDate=${first}&endDate=${addDays(first, 30)}`, { headers: { cookie } });
    const active = (month.json as unknown as Array<{ startTime: string; status: string }>).filter((visit) => visit.status !== "cancelled");
    expect(new Set(active.map((visit) => visit.startTime)).size).toBe(active.length);
  });

  it("checks an edited series too", async () => {
    const { cookie, payload } = await setup();
    const first = tuesdayAhead(200);
    const series = {
      ...payload(first, "14:00", "15:00"),
      isRecurring: true,
      recurringFrequency: "weekly",
      recurringEndDate: at(addDays(first, 30), "12:00"),
    };
    const created = await rest("POST", "/schedules", { headers: { cookie }, body: series });
    expect(created.status).toBe(201);
    expect((await rest("POST", "/schedules", { headers: { cookie }, body: payload(addDays(first, 7), "16:00", "17:00") })).status).toBe(
      201,
    );
    const edited = await rest("PUT", `/schedules/${created.json.id}`, {
      headers: { cookie },
      body: { ...series, ...payload(first, "16:00", "17:00") },
    });
    expect(edited.status).toBe(409);
    expect((edited.json.issues as unknown[]).length).toBe(1);
  });
});
