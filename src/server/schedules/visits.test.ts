import { describe, expect, it } from "vitest";
import { businessInstant, endOfBusinessDayExclusive, startOfBusinessDay } from "@/lib/business-time";
import { getDb } from "@/server/db";
import { schedules } from "@/server/db/schema";
import { createCustomer, seedServices } from "../../../test/helpers";
import { findVisit, listVisits, moveVisit, parseVisitId, setVisitStatus } from "./visits";

async function insertSchedule(values: Partial<typeof schedules.$inferInsert> & { startTime: Date; endTime: Date; customerId: number }) {
  const db = await getDb();
  const [row] = await db.insert(schedules).values({ date: values.startTime, totalPrice: 3500, ...values }).returning();
  return row!;
}

const day = (date: string) => ({ from: startOfBusinessDay(date), to: endOfBusinessDayExclusive(date) });

describe("visits", () => {
  it("parses visit ids", () => {
    expect(parseVisitId("12")).toEqual({ scheduleId: 12, occurrenceDate: null });
    expect(parseVisitId("12-2027-03-09")).toEqual({ scheduleId: 12, occurrenceDate: "2027-03-09" });
    expect(parseVisitId("12; drop table")).toBeNull();
  });

  it("finds one-time visits by Austin day, and expands weekly series with per-visit status", async () => {
    const db = await getDb();
    const [service] = await seedServices();
    const { customer } = await createCustomer({ fullName: "Series Person" });
    // 17:00 in Austin on March 2 is 23:00 UTC; visits are grouped by their Austin day.
    const late = await insertSchedule({
      customerId: customer.id,
      serviceId: service!.id,
      startTime: businessInstant("2027-03-02", "17:00"),
      endTime: businessInstant("2027-03-02", "18:00"),
    });
    const series = await insertSchedule({
      customerId: customer.id,
      serviceId: service!.id,
      startTime: businessInstant("2027-03-02", "09:00"),
      endTime: businessInstant("2027-03-02", "10:00"),
      isRecurring: true,
      recurringFrequency: "weekly",
      recurringEndDate: startOfBusinessDay("2027-03-23"),
    });

    const march2 = await listVisits(db, day("2027-03-02"));
    expect(march2.map((visit) => visit.visitId)).toEqual([`${series.id}-2027-03-02`, String(late.id)]);
    expect(march2[0]!.customer.fullName).toBe("Series Person");
    expect(march2[0]!.service?.name).toBe(service!.name);

    // DST starts on 2027-03-14: the series keeps 9:00 Austin time.
    const march16 = await listVisits(db, day("2027-03-16"));
    expect(march16).toHaveLength(1);
    expect(march16[0]!.startTime.toISOString()).toBe(businessInstant("2027-03-16", "09:00").toISOString());

    const month = await listVisits(db, { from: startOfBusinessDay("2027-03-01"), to: startOfBusinessDay("2027-04-01") });
    expect(month.filter((visit) => visit.scheduleId === series.id).map((visit) => visit.occurrenceDate)).toEqual([
      "2027-03-02",
      "2027-03-09",
      "2027-03-16",
      "2027-03-23",
    ]);

    const visit = await findVisit(db, `${series.id}-2027-03-09`);
    await setVisitStatus(db, visit!, "cancelled");
    const after = await listVisits(db, { from: startOfBusinessDay("2027-03-01"), to: startOfBusinessDay("2027-04-01") });
    expect(after.find((entry) => entry.occurrenceDate === "2027-03-09" && entry.scheduleId === series.id)?.status).toBe("cancelled");
    expect(after.find((entry) => entry.occurrenceDate === "2027-03-16" && entry.scheduleId === series.id)?.status).toBe("pending");
    expect(await listVisits(db, { ...day("2027-03-09"), statuses: ["pending", "confirmed"] })).toHaveLength(0);
  });

  it("moves a series visit to another day and a one-time visit with it", async () => {
    const db = await getDb();
    const { customer } = await createCustomer();
    const series = await insertSchedule({
      customerId: customer.id,
      startTime: businessInstant("2027-05-04", "10:00"),
      endTime: businessInstant("2027-05-04", "11:00"),
      isRecurring: true,
      recurringFrequency: "biweekly",
    });
    const visit = await findVisit(db, `${series.id}-2027-05-18`);
    expect(visit).not.toBeNull();
    await moveVisit(db, visit!, businessInstant("2027-05-20", "10:00"), businessInstant("2027-05-20", "11:00"));

    expect(await listVisits(db, day("2027-05-18"))).toHaveLength(0);
    const moved = await listVisits(db, day("2027-05-20"));
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ visitId: `${series.id}-2027-05-18`, moved: true });
    expect(await findVisit(db, `${series.id}-2027-05-19`)).toBeNull();
  });

  it("scopes visits to one customer", async () => {
    const db = await getDb();
    const a = await createCustomer();
    const b = await createCustomer();
    for (const customer of [a.customer, b.customer]) {
      await insertSchedule({ customerId: customer.id, startTime: businessInstant("2027-06-01", "09:00"), endTime: businessInstant("2027-06-01", "10:00") });
    }
    const onlyA = await listVisits(db, { ...day("2027-06-01"), customerId: a.customer.id });
    expect(onlyA.map((visit) => visit.customerId)).toEqual([a.customer.id]);
  });
});
