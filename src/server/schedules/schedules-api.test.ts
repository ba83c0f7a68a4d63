import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, businessInstant, businessToday, formatBusinessDate } from "@/lib/business-time";
import type { TSchedulePayloadInput } from "@/lib/validation/schedule";
import { getDb } from "@/server/db";
import { messages, visits } from "@/server/db/schema";
import { setCrewCapacity } from "./crew-capacity";
import { extendSeriesToHorizon } from "./series";
import { anonymousCaller, createCustomer, customerCaller, rest, seedServices, staffCaller, staffCookie } from "#test/support/helpers";

/** A visit named by its series and planned date, the way the old visit ids read. */
const planned = (visit: { id: number; isRecurring: boolean; occurrenceDate: string; visitId: string }) =>
  visit.isRecurring ? `${visit.id}-${visit.occurrenceDate}` : visit.visitId;

const at = (date: string, time: string) => businessInstant(date, time).toISOString();

/** A schedule payload for `date` from `start` to `end` (Austin times), pending unless `extra` says otherwise. */
const visitOn = (customerId: number, date: string, [start, end]: [string, string], extra: Partial<TSchedulePayloadInput> = {}) => ({
  customerId,
  date,
  startTime: at(date, start),
  endTime: at(date, end),
  status: "pending" as TSchedulePayloadInput["status"],
  ...extra,
});

const weekly = { isRecurring: true, recurringFrequency: "weekly" } as const;

/**
 * These plans lie years ahead, past the horizon their creation generates visits through: the
 * daily job makes their visits once the horizon reaches them, as it does here run on `date`.
 */
async function dailyJobOn(date: string) {
  await extendSeriesToHorizon(await getDb(), businessInstant(date, "03:00"));
}

async function setup() {
  const services = await seedServices();
  const mowing = services.find((service) => service.pricePerSqFt === null)!;
  const staff = await staffCaller();
  const { customer } = await createCustomer({ fullName: "Ana Flores", address: "200 Oak St" });
  return { staff, mowing, customer };
}

describe("schedules API", () => {
  it("refuses anonymous and customer sessions on every schedule procedure", async () => {
    for (const caller of [await anonymousCaller(), await customerCaller()]) {
      await expect(caller.schedules.list({ startDate: "2031-01-01", endDate: "2031-01-31" })).rejects.toMatchObject({
        code: "UNAUTHORIZED",
      });
      await expect(caller.schedules.get({ id: 1 })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(caller.schedules.create(visitOn(1, "2031-01-01", ["09:00", "10:00"], { totalPrice: 100 }))).rejects.toMatchObject({
        code: "UNAUTHORIZED",
      });
      await expect(caller.schedules.setVisitStatus({ visitId: "1", status: "completed" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(caller.schedules.rainDayPreview({ fromDate: "2031-01-01", toDate: "2031-01-02" })).rejects.toMatchObject({
        code: "UNAUTHORIZED",
      });
      await expect(caller.schedules.rainDayMove({ fromDate: "2031-01-01", toDate: "2031-01-02" })).rejects.toMatchObject({
        code: "UNAUTHORIZED",
      });
    }
    expect((await rest("GET", "/schedules?startDate=2031-01-01&endDate=2031-01-31")).status).toBe(401);
  });

  it("creates over REST with the spec's payload, computing the price from the service", async () => {
    const { mowing, customer } = await setup();
    const cookie = await staffCookie();
    const created = await rest("POST", "/schedules", {
      headers: { cookie },
      body: {
        customerId: customer.id,
        serviceId: mowing.id,
        date: at("2031-03-04", "00:00"),
        startTime: at("2031-03-04", "09:00"),
        endTime: at("2031-03-04", "10:30"),
        status: "pending",
        notes: "Gate code 1234",
        isRecurring: true,
        recurringFrequency: "weekly",
      },
    });
    expect(created.status).toBe(201);
    // The 10% recurring discount applies to each visit.
    expect(created.json).toMatchObject({ totalPrice: Math.round(mowing.price * 0.9), isRecurring: true, address: "200 Oak St" });

    const fetched = await rest("GET", `/schedules/${created.json.id}`, { headers: { cookie } });
    expect(fetched.json).toMatchObject({ notes: "Gate code 1234", customer: { fullName: "Ana Flores" } });

    const updated = await rest("PUT", `/schedules/${created.json.id}`, {
      headers: { cookie },
      body: visitOn(customer.id, "2031-03-05", ["11:00", "12:00"], { status: "confirmed", isRecurring: false, totalPrice: 4200 }),
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ status: "confirmed", isRecurring: false, recurringFrequency: null, totalPrice: 4200 });
  });

  it("keeps an agreed price when an edit moves the plan, and prices it anew when the service changes", async () => {
    const { staff, mowing, customer } = await setup();
    // Custom work at a quoted price, no service (as an accepted quote makes it).
    const custom = await staff.schedules.create(visitOn(customer.id, "2031-10-07", ["09:00", "11:00"], { totalPrice: 97_425 }));
    const moved = await staff.schedules.update({ id: custom.id, ...visitOn(customer.id, "2031-10-08", ["13:00", "15:00"]) });
    expect(moved).toMatchObject({ totalPrice: 97_425, serviceId: null });

    // A service at a price staff set: moving keeps it; another service is priced from the catalogue.
    const discounted = await staff.schedules.create(
      visitOn(customer.id, "2031-10-09", ["09:00", "10:00"], { serviceId: mowing.id, totalPrice: 1_000 }),
    );
    const later = await staff.schedules.update({
      id: discounted.id,
      ...visitOn(customer.id, "2031-10-09", ["14:00", "15:00"], { serviceId: mowing.id }),
    });
    expect(later.totalPrice).toBe(1_000);
    const other = (await seedServices()).find((service) => service.id !== mowing.id && service.pricePerSqFt === null)!;
    const repriced = await staff.schedules.update({
      id: discounted.id,
      ...visitOn(customer.id, "2031-10-09", ["14:00", "15:00"], { serviceId: other.id }),
    });
    expect(repriced.totalPrice).toBe(other.price);
  });

  it("answers the spec's messages for a bad payload", async () => {
    const { customer } = await setup();
    const cookie = await staffCookie();
    const missing = await rest("POST", "/schedules", { headers: { cookie }, body: { date: "2031-03-04" } });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe("Customer is required");

    const badEnd = await rest("POST", "/schedules", {
      headers: { cookie },
      body: visitOn(customer.id, "2031-03-04", ["09:00", "10:00"], { isRecurring: true, recurringEndDate: "2031-03-04", totalPrice: 1000 }),
    });
    expect(badEnd.status).toBe(400);
    expect(badEnd.json.message).toBe("Recurring end date must be after the service date");

    const noPrice = await rest("POST", "/schedules", {
      headers: { cookie },
      body: visitOn(customer.id, "2031-03-04", ["09:00", "10:00"]),
    });
    // A payload may leave out the service: the visit then has none and costs 0 unless staff enter a price.
    expect(noPrice.status).toBe(201);
    expect(noPrice.json).toMatchObject({ serviceId: null, service: null, totalPrice: 0 });

    const tinyLawn = await rest("POST", "/schedules", {
      headers: { cookie },
      body: visitOn(customer.id, "2031-03-04", ["11:00", "12:00"], { lawnSizeSqFt: 99 }),
    });
    expect(tinyLawn.status).toBe(400);
    expect(tinyLawn.json.message).toBe("Lawn size must be at least 100 sq ft");

    const unknownCustomer = await rest("POST", "/schedules", {
      headers: { cookie },
      body: visitOn(999999, "2031-03-04", ["09:00", "10:00"], { totalPrice: 1 }),
    });
    expect(unknownCustomer.status).toBe(400);
    expect((await rest("GET", "/schedules/999999", { headers: { cookie } })).status).toBe(404);

    // PUT checks the same payload and rules with the id from its path, in one validation pass.
    const putBadEnd = await rest("PUT", `/schedules/${noPrice.json.id}`, {
      headers: { cookie },
      body: visitOn(customer.id, "2031-03-04", ["10:00", "09:00"], { lawnSizeSqFt: 99 }),
    });
    expect(putBadEnd.status).toBe(400);
    expect((putBadEnd.json.issues as Array<{ message: string }>).map((issue) => issue.message).sort()).toEqual([
      "End time must be after start time",
      "Lawn size must be at least 100 sq ft",
    ]);
    const validBody = visitOn(customer.id, "2031-03-04", ["09:00", "10:00"]);
    const putUnknown = await rest("PUT", "/schedules/999999", { headers: { cookie }, body: validBody });
    expect(putUnknown.status).toBe(404);
    const putBadId = await rest("PUT", "/schedules/12x", { headers: { cookie }, body: validBody });
    expect(putBadId).toMatchObject({ status: 400, json: { message: "Schedule not found" } });
  });

  it("lists a range by Austin days, both inclusive, series expanded, endDate clamped to its month", async () => {
    const { staff, mowing, customer } = await setup();
    // 23:30 in Austin on April 30 is already May 1 in UTC; 00:30 on May 1 is still April 30 in UTC.
    const lateApril = await staff.schedules.create(visitOn(customer.id, "2031-04-30", ["22:30", "23:30"], { serviceId: mowing.id }));
    const earlyMay = await staff.schedules.create(visitOn(customer.id, "2031-05-01", ["00:30", "01:00"], { serviceId: mowing.id }));
    const series = await staff.schedules.create(
      visitOn(customer.id, "2031-04-01", ["09:00", "10:00"], {
        serviceId: mowing.id,
        status: "confirmed",
        ...weekly,
        recurringEndDate: "2031-04-22",
      }),
    );
    await dailyJobOn("2031-03-01");

    const april = await staff.schedules.list({ startDate: "2031-04-01", endDate: "2031-04-31" });
    expect(april.map(planned)).toEqual([
      `${series.id}-2031-04-01`,
      `${series.id}-2031-04-08`,
      `${series.id}-2031-04-15`,
      `${series.id}-2031-04-22`,
      String(lateApril.id),
    ]);
    expect(april[0]).toMatchObject({ id: series.id, customer: { fullName: "Ana Flores", address: "200 Oak St" } });

    const may1 = await staff.schedules.list({ startDate: "2031-05-01", endDate: "2031-05-01" });
    expect(may1.map((visit) => visit.id)).toEqual([earlyMay.id]);

    const viaRest = await rest("GET", "/schedules?startDate=2031-04-08&endDate=2031-04-08", { headers: { cookie: await staffCookie() } });
    expect(viaRest.status).toBe(200);
    expect((viaRest.json as unknown as Array<Parameters<typeof planned>[0]>).map(planned)).toEqual([`${series.id}-2031-04-08`]);

    const reversed = await rest("GET", "/schedules?startDate=2031-04-10&endDate=2031-04-01", { headers: { cookie: await staffCookie() } });
    expect(reversed.status).toBe(400);
    expect(reversed.json.message).toBe("endDate must be on or after startDate");
    const nonsense = await rest("GET", "/schedules?startDate=2031-13-01&endDate=2031-04-01", { headers: { cookie: await staffCookie() } });
    expect(nonsense.status).toBe(400);
  });

  it("changes one visit's status inside a series without touching the others", async () => {
    const { staff, mowing, customer } = await setup();
    const series = await staff.schedules.create(
      visitOn(customer.id, "2031-06-02", ["09:00", "10:00"], { serviceId: mowing.id, isRecurring: true, recurringFrequency: "biweekly" }),
    );
    await dailyJobOn("2031-05-01");
    const changed = await rest("PATCH", `/schedules/visits/${series.id}-2031-06-16/status`, {
      headers: { cookie: await staffCookie() },
      body: { status: "completed" },
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ id: series.id, occurrenceDate: "2031-06-16", status: "completed" });
    // The visit's own id names it too.
    const again = await rest("PATCH", `/schedules/visits/${changed.json.visitId}/status`, {
      headers: { cookie: await staffCookie() },
      body: { status: "completed" },
    });
    expect(again.json).toMatchObject({ occurrenceDate: "2031-06-16" });

    const june = await staff.schedules.list({ startDate: "2031-06-01", endDate: "2031-06-30" });
    expect(june.map((visit) => [visit.occurrenceDate, visit.status])).toEqual([
      ["2031-06-02", "pending"],
      ["2031-06-16", "completed"],
      ["2031-06-30", "pending"],
    ]);
    // A date that is not a visit of the series is not found.
    await expect(staff.schedules.setVisitStatus({ visitId: `${series.id}-2031-06-09`, status: "completed" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const oneTime = await staff.schedules.create(visitOn(customer.id, "2031-06-03", ["09:00", "10:00"], { serviceId: mowing.id }));
    await staff.schedules.setVisitStatus({ visitId: String(oneTime.id), status: "cancelled" });
    expect((await staff.schedules.get({ id: oneTime.id })).status).toBe("cancelled");
  });
});

describe("rain-day reschedule", () => {
  it("moves a day's visits keeping times and series, and messages each customer", async () => {
    const db = await getDb();
    const { staff, mowing, customer } = await setup();
    const other = (await createCustomer({ fullName: "Ben Ortiz" })).customer;
    const series = await staff.schedules.create(
      visitOn(customer.id, "2031-07-01", ["09:00", "10:00"], {
        serviceId: mowing.id,
        status: "confirmed",
        ...weekly,
      }),
    );
    await dailyJobOn("2031-06-01");
    const oneTime = await staff.schedules.create(visitOn(other.id, "2031-07-08", ["13:00", "14:30"], { serviceId: mowing.id }));
    const done = await staff.schedules.create(
      visitOn(other.id, "2031-07-08", ["07:00", "08:00"], { serviceId: mowing.id, status: "completed" }),
    );

    const preview = await staff.schedules.rainDayPreview({ fromDate: "2031-07-08", toDate: "2031-07-09" });
    expect(preview.conflicts).toEqual([]);
    const july8Planned = (await staff.schedules.list({ startDate: "2031-07-08", endDate: "2031-07-08" })).find(
      (visit) => visit.id === series.id,
    )!;
    expect(preview.visits.map((visit) => visit.visitId)).toEqual([july8Planned.visitId, String(oneTime.id)]);

    const result = await staff.schedules.rainDayMove({ fromDate: "2031-07-08", toDate: "2031-07-09" });
    expect(result).toMatchObject({ movedVisits: 2, notifiedCustomers: 2 });

    const july9 = await staff.schedules.list({ startDate: "2031-07-09", endDate: "2031-07-09" });
    expect(
      july9.map((visit) => [planned(visit), formatBusinessDate(visit.startTime, "HH:mm"), formatBusinessDate(visit.endTime, "HH:mm")]),
    ).toEqual([
      [`${series.id}-2031-07-08`, "09:00", "10:00"],
      [String(oneTime.id), "13:00", "14:30"],
    ]);
    // The completed visit stays; the series carries on from its usual day.
    const july8 = await staff.schedules.list({ startDate: "2031-07-08", endDate: "2031-07-08" });
    expect(july8.map((visit) => visit.id)).toEqual([done.id]);
    const july15 = await staff.schedules.list({ startDate: "2031-07-15", endDate: "2031-07-15" });
    expect(july15.map(planned)).toEqual([`${series.id}-2031-07-15`]);
    const changed = await db
      .select()
      .from(visits)
      .where(and(eq(visits.changed, true), inArray(visits.scheduleId, [series.id, oneTime.id])));
    expect(changed.map((visit) => [visit.id, visit.occurrenceDate])).toEqual(
      [
        [Number(july8Planned.visitId), "2031-07-08"],
        [oneTime.id, "2031-07-08"],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );

    const sent = await db
      .select()
      .from(messages)
      .where(inArray(messages.customerId, [customer.id, other.id]));
    expect(sent).toHaveLength(2);
    for (const message of sent) {
      expect(message.senderType).toBe("user");
      expect(message.content).toContain("Wednesday, July 9, 2031");
    }
    expect(sent.find((message) => message.customerId === other.id)?.content).toContain("1:00 PM");
  });

  it("lists the conflicts and moves nothing when the crew would be overbooked", async () => {
    const db = await getDb();
    const { staff, mowing, customer } = await setup();
    await setCrewCapacity(db, 1);
    const rainy = await staff.schedules.create(visitOn(customer.id, "2031-08-07", ["10:00", "11:00"], { serviceId: mowing.id }));
    await staff.schedules.create(visitOn(customer.id, "2031-08-08", ["10:30", "11:30"], { serviceId: mowing.id, status: "confirmed" }));

    const preview = await staff.schedules.rainDayPreview({ fromDate: "2031-08-07", toDate: "2031-08-08" });
    expect(preview.crewCapacity).toBe(1);
    expect(preview.conflicts).toEqual([
      expect.objectContaining({ visitId: String(rainy.id), message: "2 visits would overlap at 10:30 AM; the crew capacity is 1" }),
    ]);

    const refused = await rest("POST", "/schedules/rain-day", {
      headers: { cookie: await staffCookie() },
      body: { fromDate: "2031-08-07", toDate: "2031-08-08" },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain("Nothing was moved");
    expect((await staff.schedules.get({ id: rainy.id })).startTime.toISOString()).toBe(at("2031-08-07", "10:00"));
    expect(await db.select().from(messages).where(eq(messages.customerId, customer.id))).toHaveLength(0);

    // With two crews the same move fits.
    await setCrewCapacity(db, 2);
    expect(await staff.schedules.rainDayMove({ fromDate: "2031-08-07", toDate: "2031-08-08" })).toMatchObject({ movedVisits: 1 });
  });

  it("refuses a move to the same day or to the past", async () => {
    const { staff } = await setup();
    await expect(staff.schedules.rainDayPreview({ fromDate: "2031-08-05", toDate: "2031-08-05" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(staff.schedules.rainDayMove({ fromDate: "2031-08-05", toDate: "2020-01-01" })).rejects.toThrow(
      "Visits can only be moved to today or a later day",
    );
  });
});

describe("a series saved as completed", () => {
  it("has ended: its visits to come are cancelled, and only the visit done on its own stays completed", async () => {
    const { staff, mowing, customer } = await setup();
    const start = addDays(businessToday(), 3);
    const payload = visitOn(customer.id, start, ["09:00", "10:00"], { serviceId: mowing.id, ...weekly });
    const series = await staff.schedules.create(payload);
    const db = await getDb();
    const statuses = async () =>
      (await db.select({ status: visits.status }).from(visits).where(eq(visits.scheduleId, series.id)).orderBy(visits.startTime)).map(
        (visit) => visit.status,
      );
    const [first] = await db
      .select({ id: visits.id })
      .from(visits)
      .where(eq(visits.scheduleId, series.id))
      .orderBy(visits.startTime)
      .limit(1);
    await staff.schedules.setVisitStatus({ visitId: String(first!.id), status: "completed" });

    await staff.schedules.update({ id: series.id, ...payload, status: "completed" });
    const after = await statuses();
    expect(after[0]).toBe("completed");
    expect(after.length).toBeGreaterThan(10);
    expect(after.slice(1).every((status) => status === "cancelled")).toBe(true);
  });
});
