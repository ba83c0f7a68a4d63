import { describe, expect, it } from "vitest";
import { addDays, businessInstant, businessToday } from "@/lib/business-time";
import { getDb } from "@/server/db";
import { createCustomer, rest, seedServices, staffCookie } from "#test/helpers";
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
    expect((await rest("PUT", `/schedules/${ids[0]}`, { headers: { cookie }, body: payload(day, "10:00", "10:30", "confirmed") })).status).toBe(200);

    const moves = await Promise.all(ids.map((id) => rest("PUT", `/schedules/${id}`, { headers: { cookie }, body: payload(day, "17:00", "18:00") })));
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
      cancelled.map((visitId) => rest("PATCH", `/schedules/visits/${visitId}/status`, { headers: { cookie }, body: { status: "confirmed" } })),
    );
    expect(results.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const stillCancelled = cancelled.filter((_, index) => results[index]!.status === 409);
    // Completing or cancelling frees a crew and is never refused.
    const confirmed = cancelled[results.findIndex((response) => response.status === 200)]!;
    expect((await rest("PATCH", `/schedules/visits/${confirmed}/status`, { headers: { cookie }, body: { status: "completed" } })).status).toBe(200);
    expect((await rest("PATCH", `/schedules/visits/${stillCancelled[0]}/status`, { headers: { cookie }, body: { status: "pending" } })).status).toBe(200);
  });
});
