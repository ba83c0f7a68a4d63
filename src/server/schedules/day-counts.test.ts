import { describe, expect, it } from "vitest";
import { businessInstant } from "@/lib/business-time";
import { getDb } from "@/server/db";
import { extendSeriesToHorizon } from "./series";
import { anonymousCaller, createCustomer, customerCaller, rest, seedServices, staffCaller, staffCookie } from "#test/support/helpers";

const at = (date: string, time: string) => businessInstant(date, time).toISOString();

async function setup() {
  const services = await seedServices();
  const mowing = services.find((service) => service.pricePerSqFt === null)!;
  const staff = await staffCaller();
  const { customer } = await createCustomer({ fullName: "Rosa Delgado", address: "12 Elm St" });
  const visit = (date: string, start: string, end: string, extra: Record<string, unknown> = {}) =>
    staff.schedules.create({
      customerId: customer.id,
      serviceId: mowing.id,
      date: at(date, "00:00"),
      startTime: at(date, start),
      endTime: at(date, end),
      status: "pending",
      ...extra,
    });
  return { staff, visit };
}

describe("schedules.dayCounts", () => {
  it("counts each Austin day's visits by status, series visits included, and leaves empty days out", async () => {
    const { staff, visit } = await setup();
    await visit("2031-05-06", "09:00", "10:00");
    await visit("2031-05-06", "11:00", "12:00", { status: "confirmed" });
    // 23:00 in Austin is the next day in UTC: it still counts on the Austin day.
    await visit("2031-05-07", "22:30", "23:30", { status: "cancelled" });
    await visit("2031-05-13", "08:00", "09:00", {
      isRecurring: true,
      recurringFrequency: "weekly",
      recurringEndDate: at("2031-05-27", "00:00"),
    });
    // The series lies past the horizon its creation generates through: the daily job of a later day makes its visits.
    await extendSeriesToHorizon(await getDb(), businessInstant("2031-04-01", "03:00"));
    // Outside the range asked for.
    await visit("2031-06-02", "09:00", "10:00");

    const counts = await staff.schedules.dayCounts({ startDate: "2031-05-01", endDate: "2031-05-31" });
    expect(counts).toEqual([
      { date: "2031-05-06", total: 2, needsTime: 0, pending: 1, confirmed: 1, completed: 0, cancelled: 0 },
      { date: "2031-05-07", total: 1, needsTime: 0, pending: 0, confirmed: 0, completed: 0, cancelled: 1 },
      { date: "2031-05-13", total: 1, needsTime: 0, pending: 1, confirmed: 0, completed: 0, cancelled: 0 },
      { date: "2031-05-20", total: 1, needsTime: 0, pending: 1, confirmed: 0, completed: 0, cancelled: 0 },
      { date: "2031-05-27", total: 1, needsTime: 0, pending: 1, confirmed: 0, completed: 0, cancelled: 0 },
    ]);
    // The day list agrees with the count of its day.
    expect(await staff.schedules.list({ startDate: "2031-05-06", endDate: "2031-05-06" })).toHaveLength(2);
  });

  it("answers over REST for staff only, reading day 31 of a short month as its last day", async () => {
    const { visit } = await setup();
    await visit("2031-04-30", "09:00", "10:00");
    const cookie = await staffCookie();
    const answer = await rest("GET", "/schedules/day-counts?startDate=2031-04-01&endDate=2031-04-31", { headers: { cookie } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual([{ date: "2031-04-30", total: 1, needsTime: 0, pending: 1, confirmed: 0, completed: 0, cancelled: 0 }]);

    expect((await rest("GET", "/schedules/day-counts?startDate=2031-04-01&endDate=2031-04-30")).status).toBe(401);
    for (const caller of [await anonymousCaller(), await customerCaller()]) {
      await expect(caller.schedules.dayCounts({ startDate: "2031-04-01", endDate: "2031-04-30" })).rejects.toMatchObject({
        code: "UNAUTHORIZED",
      });
    }
  });

  it("refuses a malformed, reversed or too long range with a plain message", async () => {
    const cookie = await staffCookie();
    const ask = (query: string) => rest("GET", `/schedules/day-counts?${query}`, { headers: { cookie } });
    const cases: Array<[string, RegExp]> = [
      ["startDate=2031-13-01&endDate=2031-12-31", /startDate must be a date/],
      ["startDate=2031-05-10&endDate=2031-05-01", /endDate must be on or after startDate/],
      ["startDate=2031-01-01&endDate=2032-06-30", /at most 366 days/],
      ["endDate=2031-05-01", /startDate is required/],
    ];
    for (const [query, message] of cases) {
      const answer = await ask(query);
      expect(answer.status, query).toBe(400);
      expect(JSON.stringify(answer.json), query).toMatch(message);
    }
  });
});
