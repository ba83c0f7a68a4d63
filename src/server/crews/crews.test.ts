import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, businessInstant, businessToday } from "@/lib/business-time";
import { getDb } from "@/server/db";
import { visits } from "@/server/db/schema";
import { getCrewCapacity } from "@/server/schedules/crew-capacity";
import { createCustomer, rest, staffCookie } from "#test/support/helpers";

const at = (date: string, time: string) => businessInstant(date, time).toISOString();

let dayOffset = 30;
const nextDay = () => addDays(businessToday(), dayOffset++);

/** The fields these tests read from a crew, a schedule or an error answer. */
type Answer = {
  id: number;
  name: string;
  crewId: number | null;
  message: string;
  unassignedVisits: number;
  issues: Array<{ message: string }>;
};

async function setup() {
  const cookie = await staffCookie();
  const { customer } = await createCustomer({ fullName: "Crew Customer" });
  // Each call says which shape it reads: one answer, or a list (as a tuple where entries are picked).
  const call = async <Json = Answer>(method: string, path: string, body?: unknown) => {
    const answer = await rest(method, path, { headers: { cookie }, body });
    return { status: answer.status, json: answer.json as Json };
  };
  const visit = (date: string, start: string, end: string, extra: Record<string, unknown> = {}) => ({
    customerId: customer.id,
    date,
    startTime: at(date, start),
    endTime: at(date, end),
    status: "pending",
    notes: null,
    isRecurring: false,
    ...extra,
  });
  return { call, visit };
}

describe("crews", () => {
  it("start as the two crews of the old capacity, and the capacity is their number", async () => {
    const { call } = await setup();
    const listed = await call<Answer[]>("GET", "/crews");
    expect(listed.status).toBe(200);
    expect(listed.json.map((crew) => crew.name)).toEqual(["Crew 1", "Crew 2"]);
    expect(await getCrewCapacity(await getDb())).toBe(2);
  });

  it("are added, renamed and removed in Settings; names are checked, and the last crew stays", async () => {
    const { call } = await setup();
    const added = await call("POST", "/crews", { name: "  North team " });
    expect(added.status).toBe(201);
    expect(added.json.name).toBe("North team");
    expect(await getCrewCapacity(await getDb())).toBe(3);

    expect((await call("POST", "/crews", { name: "" })).json.issues[0]?.message).toBe("Crew name is required");
    expect((await call("POST", "/crews", { name: "x".repeat(41) })).status).toBe(400);
    const duplicate = await call("POST", "/crews", { name: "north TEAM" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.message).toBe('There is already a crew named "north TEAM"');

    const renamed = await call("PUT", `/crews/${added.json.id}`, { name: "South team" });
    expect(renamed.json).toMatchObject({ id: added.json.id, name: "South team" });
    expect((await call("PUT", "/crews/999999", { name: "Nobody" })).status).toBe(404);

    const crews = (await call<[Answer, Answer, Answer]>("GET", "/crews")).json;
    expect((await call("DELETE", `/crews/${crews[0].id}`)).json.message).toBe("Crew 1 was removed");
    expect((await call("DELETE", `/crews/${crews[1].id}`)).status).toBe(200);
    const last = await call("DELETE", `/crews/${crews[2].id}`);
    expect(last.status).toBe(409);
    expect(last.json.message).toBe("Keep at least one crew: visits need a crew to run.");
    expect(await getCrewCapacity(await getDb())).toBe(1);
    // Back to two for the other tests of this file.
    await call("POST", "/crews", { name: "Crew 2" });
  });

  it("take visits through REST crewId; an unknown crew is a 400 in plain words", async () => {
    const { call, visit } = await setup();
    const [crew] = (await call<[Answer]>("GET", "/crews")).json;
    const day = nextDay();
    const created = await call("POST", "/schedules", visit(day, "09:00", "10:00", { crewId: crew.id }));
    expect(created.status).toBe(201);
    expect(created.json.crewId).toBe(crew.id);
    const listed = await call<Answer[]>("GET", `/schedules?startDate=${day}&endDate=${day}`);
    expect(listed.json.find((row) => row.id === created.json.id)?.crewId).toBe(crew.id);

    // The spec's payload without crewId keeps the crew; null unassigns it.
    const kept = await call("PUT", `/schedules/${created.json.id}`, visit(day, "09:30", "10:30"));
    expect(kept.json.crewId).toBe(crew.id);
    const unassigned = await call("PUT", `/schedules/${created.json.id}`, visit(day, "09:30", "10:30", { crewId: null }));
    expect(unassigned.json.crewId).toBeNull();

    const unknown = await call("PUT", `/schedules/${created.json.id}`, visit(day, "09:30", "10:30", { crewId: 999_999 }));
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toContain("That crew does not exist");
    expect((await call("POST", "/schedules", visit(day, "11:00", "12:00", { crewId: "two" }))).status).toBe(400);
  });

  it("refuse a second overlapping visit for one crew with 409 naming the crew and time, but another crew may take it", async () => {
    const { call, visit } = await setup();
    const [first, second] = (await call<[Answer, Answer]>("GET", "/crews")).json;
    const day = nextDay();
    expect((await call("POST", "/schedules", visit(day, "09:00", "10:30", { crewId: first.id }))).status).toBe(201);
    const clash = await call("POST", "/schedules", visit(day, "10:00", "11:00", { crewId: first.id }));
    expect(clash.status).toBe(409);
    expect(clash.json.message).toMatch(new RegExp(`^${first.name} already has a visit at 10:00 AM on `));
    expect((await call("POST", "/schedules", visit(day, "10:00", "11:00", { crewId: second.id }))).status).toBe(201);
    // Back to back is fine, and a cancelled visit holds no crew.
    expect((await call("POST", "/schedules", visit(day, "10:30", "11:00", { crewId: first.id }))).status).toBe(201);
    expect((await call("POST", "/schedules", visit(day, "12:00", "13:00", { crewId: second.id, status: "cancelled" }))).status).toBe(201);
    expect((await call("POST", "/schedules", visit(day, "12:00", "13:00", { crewId: second.id }))).status).toBe(201);
  });

  it("keep a crew free when a visit takes a crew again or a rain day moves it onto the crew's other visit", async () => {
    const { call, visit } = await setup();
    const [first] = (await call<[Answer]>("GET", "/crews")).json;
    const day = nextDay();
    const cancelled = await call("POST", "/schedules", visit(day, "15:00", "16:00", { crewId: first.id, status: "cancelled" }));
    expect((await call("POST", "/schedules", visit(day, "15:30", "16:30", { crewId: first.id }))).status).toBe(201);
    const back = await call("PATCH", `/schedules/visits/${cancelled.json.id}/status`, { status: "pending" });
    expect(back.status).toBe(409);
    expect(back.json.message).toMatch(new RegExp(`^${first.name} already has a visit at 3:00 PM`));

    const rainDay = nextDay();
    const dryDay = addDays(rainDay, 1);
    expect((await call("POST", "/schedules", visit(rainDay, "08:00", "09:00", { crewId: first.id }))).status).toBe(201);
    expect((await call("POST", "/schedules", visit(dryDay, "08:00", "09:00", { crewId: first.id }))).status).toBe(201);
    // The preview names the crew clash before the move refuses it.
    const preview = await call<{ conflicts: Array<{ message: string }> }>(
      "GET",
      `/schedules/rain-day/preview?fromDate=${rainDay}&toDate=${dryDay}`,
    );
    expect(preview.json.conflicts.map((conflict) => conflict.message)).toEqual([
      `${first.name} already has a visit at 8:00 AM; pick another crew or day`,
    ]);
    const moved = await call("POST", "/schedules/rain-day", { fromDate: rainDay, toDate: dryDay });
    expect(moved.status).toBe(409);
    expect(moved.json.message).toContain(`${first.name} already has a visit at 8:00 AM`);
  });

  it("follow a series into its visits, and removing a crew unassigns its visits still to come", async () => {
    const { call, visit } = await setup();
    const added = (await call("POST", "/crews", { name: "Weekly crew" })).json;
    const day = nextDay();
    const series = await call(
      "POST",
      "/schedules",
      visit(day, "14:00", "15:00", { crewId: added.id, isRecurring: true, recurringFrequency: "weekly" }),
    );
    expect(series.status).toBe(201);
    const db = await getDb();
    const rows = await db.select({ crewId: visits.crewId }).from(visits).where(eq(visits.scheduleId, series.json.id));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((row) => row.crewId === added.id)).toBe(true);

    const removed = await call("DELETE", `/crews/${added.id}`);
    expect(removed.json.unassignedVisits).toBe(rows.length);
    expect(removed.json.message).toBe(`Weekly crew was removed; ${rows.length} visits still to come are now unassigned`);
    expect((await call("GET", `/schedules/${series.json.id}`)).json.crewId).toBeNull();
  });
});
