import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { businessInstant, endOfBusinessDayExclusive, startOfBusinessDay } from "@/lib/business-time";
import { ZScheduleVisitSchema } from "@/server/schedules/schemas";
import { getDb } from "@/server/db";
import { visits } from "@/server/db/schema";
import { createCustomer, rest, seedServices, staffCaller, staffCookie } from "#test/support/helpers";
import { listSchedulesInRange, listSchedulesJson, toScheduleVisit } from "./list-schedules";
import { extendSeriesToHorizon } from "./series";
import { listVisits } from "./visits";

const at = (date: string, time: string) => businessInstant(date, time).toISOString();
/** May of a year no other test of this file uses. */
const rangeOf = (year: number) => ({ startDate: `${year}-05-01`, endDate: `${year}-05-31` });

/** A month with every kind of visit the list shows: with and without a service, a series, a moved visit. */
async function monthOfVisits(year: number) {
  const [service] = await seedServices();
  const staff = await staffCaller();
  const { customer } = await createCustomer({ fullName: 'Zoë "Z" O\'Neil\\Ünal', address: null });
  const other = await createCustomer({ fullName: "Ana Flores", address: "200 Oak St" });
  const base = { status: "pending" as const, notes: null, isRecurring: false };
  await staff.schedules.create({
    ...base,
    customerId: customer.id,
    serviceId: service!.id,
    date: at(`${year}-05-06`, "00:00"),
    startTime: at(`${year}-05-06`, "09:00"),
    endTime: at(`${year}-05-06`, "10:00"),
    notes: "Gate code\n1234",
  });
  await staff.schedules.create({
    ...base,
    customerId: other.customer.id,
    date: at(`${year}-05-06`, "00:00"),
    startTime: at(`${year}-05-06`, "09:00"),
    endTime: at(`${year}-05-06`, "10:30"),
  });
  const series = await staff.schedules.create({
    ...base,
    customerId: other.customer.id,
    serviceId: service!.id,
    date: at(`${year}-04-29`, "00:00"),
    startTime: at(`${year}-04-29`, "14:00"),
    endTime: at(`${year}-04-29`, "15:00"),
    status: "confirmed",
    isRecurring: true,
    recurringFrequency: "biweekly",
  });
  // One visit of the series moved a day later on its own. The series lies past the horizon its
  // creation generates through: its rows exist once the daily job of a later day has run.
  const db = await getDb();
  await extendSeriesToHorizon(db, businessInstant(`${year}-04-01`, "03:00"));
  await db
    .update(visits)
    .set({ startTime: new Date(at(`${year}-05-14`, "08:00")), endTime: new Date(at(`${year}-05-14`, "09:00")), changed: true })
    .where(and(eq(visits.scheduleId, series.id), eq(visits.occurrenceDate, `${year}-05-13`)));
  return { db, staff, customer };
}

describe("the month list", () => {
  it("writes each visit exactly as the visit reader and the documented schema give it", async () => {
    const { db } = await monthOfVisits(2031);
    const RANGE = rangeOf(2031);
    const text = await listSchedulesJson(db, RANGE);
    const read = await listVisits(db, { from: startOfBusinessDay(RANGE.startDate), to: endOfBusinessDayExclusive(RANGE.endDate) });
    expect(read.length).toBe(4);
    // Byte for byte what serializing the visit reader's objects gives, in its order.
    expect(text).toBe(JSON.stringify(read.map(toScheduleVisit)));

    // And what the documented schema lets through: every field, in the schema's order, nothing else.
    const parsed = JSON.parse(text) as Array<Record<string, unknown>>;
    const revived = parsed.map((visit) => ({
      ...visit,
      date: new Date(visit.date as string),
      startTime: new Date(visit.startTime as string),
      endTime: new Date(visit.endTime as string),
    }));
    const validated = z.array(ZScheduleVisitSchema).parse(revived);
    expect(JSON.stringify(validated)).toBe(text);
    for (const visit of parsed) expect(Object.keys(visit)).toEqual(Object.keys(ZScheduleVisitSchema.shape));

    const moved = parsed.filter((visit) => visit.moved);
    expect(moved).toMatchObject([{ occurrenceDate: "2031-05-13", isRecurring: true, recurringFrequency: "biweekly", status: "confirmed" }]);
    expect(parsed.filter((visit) => visit.service === null)).toHaveLength(1);
  });

  it("is the answer of GET /api/schedules as it is, and the tRPC list's objects with dates", async () => {
    const { db, staff, customer } = await monthOfVisits(2032);
    const RANGE = rangeOf(2032);
    const text = await listSchedulesJson(db, RANGE);
    const answer = await rest("GET", `/schedules?startDate=${RANGE.startDate}&endDate=${RANGE.endDate}`, {
      headers: { cookie: await staffCookie() },
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(text);

    const listed = await staff.schedules.list(RANGE);
    expect(listed).toEqual(await listSchedulesInRange(db, RANGE));
    expect(listed[0]!.startTime).toBeInstanceOf(Date);
    expect(JSON.stringify(listed)).toBe(text);

    const own = await listSchedulesJson(db, { ...RANGE, customerId: customer.id });
    expect(JSON.parse(own)).toMatchObject([{ customerId: customer.id, customer: { fullName: 'Zoë "Z" O\'Neil\\Ünal', address: null } }]);
    expect(await listSchedulesJson(db, { startDate: "2020-01-01", endDate: "2020-01-31" })).toBe("[]");
  });
});
