import { and, eq, gt, max } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, businessInstant, businessToday, endOfBusinessDayExclusive, startOfBusinessDay } from "@/lib/business-time";
import { getDb } from "@/server/db";
import { emailOutbox, schedules, visits } from "@/server/db/schema";
import { insertPlan, type PlanValues } from "#test/fixtures/plans";
import { createCustomer, seedServices } from "#test/support/helpers";
import { updateSchedule } from "./save-schedule";
import { SERIES_HORIZON_DAYS } from "@/lib/recurrence";
import { extendSeriesThrough, extendSeriesToHorizon, horizonDate } from "./series";
import { findVisit, listVisits, moveVisit, parseVisitId, setVisitStatus } from "./visits";

function insertSchedule(values: PlanValues & { endTime: Date }, now?: Date) {
  return insertPlan(values, "staff", now);
}

/** An open-ended weekly plan whose first one-hour visit is on `first` at `time`, Austin time. */
function weeklySeries(customerId: number, first: string, time: string, now?: Date) {
  const [hour, minute] = time.split(":");
  const endTime = `${String(Number(hour) + 1).padStart(2, "0")}:${minute}`;
  return insertSchedule(
    {
      customerId,
      startTime: businessInstant(first, time),
      endTime: businessInstant(first, endTime),
      isRecurring: true,
      recurringFrequency: "weekly",
    },
    now,
  );
}

async function lastVisitDate(scheduleId: number) {
  const db = await getDb();
  const [last] = await db
    .select({ value: max(visits.occurrenceDate) })
    .from(visits)
    .where(eq(visits.scheduleId, scheduleId));
  return last!.value!;
}

async function generatedThrough(scheduleId: number) {
  const db = await getDb();
  const [row] = await db.select().from(schedules).where(eq(schedules.id, scheduleId));
  return row!.visitsGeneratedThrough;
}

/** What staff save for the weekly plan of Aug 3 2027 edited to 13:00 to 14:30 at $60. */
const afternoonEdit = (customerId: number, recurringEndDate: string) => ({
  customerId,
  serviceId: null,
  date: businessInstant("2027-08-03", "13:00"),
  startTime: businessInstant("2027-08-03", "13:00"),
  endTime: businessInstant("2027-08-03", "14:30"),
  status: "pending" as const,
  isRecurring: true,
  recurringFrequency: "weekly" as const,
  recurringEndDate: startOfBusinessDay(recurringEndDate),
  totalPrice: 6000,
});

const day = (date: string) => ({ from: startOfBusinessDay(date), to: endOfBusinessDayExclusive(date) });
const planned = (visit: { scheduleId: number; isRecurring: boolean; occurrenceDate: string; visitId: string }) =>
  visit.isRecurring ? `${visit.scheduleId}-${visit.occurrenceDate}` : visit.visitId;

describe("visits", () => {
  it("parses visit ids: the row id, or a series and its planned date", () => {
    expect(parseVisitId("12")).toEqual({ id: 12 });
    expect(parseVisitId("12-2027-03-09")).toEqual({ scheduleId: 12, occurrenceDate: "2027-03-09" });
    expect(parseVisitId("12; drop table")).toBeNull();
  });

  it("finds one-time visits by Austin day, and a weekly series' visits with per-visit status", async () => {
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
    expect(march2.map(planned)).toEqual([`${series.id}-2027-03-02`, String(late.id)]);
    // A one-time plan and its visit share their id.
    expect((await findVisit(db, String(late.id)))?.scheduleId).toBe(late.id);
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
    expect(await findVisit(db, visit!.visitId)).toMatchObject({ occurrenceDate: "2027-03-09" });
    await setVisitStatus(db, visit!, "cancelled");
    const after = await listVisits(db, { from: startOfBusinessDay("2027-03-01"), to: startOfBusinessDay("2027-04-01") });
    expect(after.find((entry) => entry.occurrenceDate === "2027-03-09" && entry.scheduleId === series.id)).toMatchObject({
      status: "cancelled",
      changed: true,
    });
    expect(after.find((entry) => entry.occurrenceDate === "2027-03-16" && entry.scheduleId === series.id)?.status).toBe("pending");
    expect(await listVisits(db, { ...day("2027-03-09"), statuses: ["pending", "confirmed"] })).toHaveLength(0);
  });

  it("moves a series visit to another day", async () => {
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
    expect(moved[0]).toMatchObject({ visitId: visit!.visitId, occurrenceDate: "2027-05-18", moved: true });
    expect(await findVisit(db, `${series.id}-2027-05-19`)).toBeNull();
  });

  it("scopes visits to one customer", async () => {
    const db = await getDb();
    const a = await createCustomer();
    const b = await createCustomer();
    for (const customer of [a.customer, b.customer]) {
      await insertSchedule({
        customerId: customer.id,
        startTime: businessInstant("2027-06-01", "09:00"),
        endTime: businessInstant("2027-06-01", "10:00"),
      });
    }
    const onlyA = await listVisits(db, { ...day("2027-06-01"), customerId: a.customer.id });
    expect(onlyA.map((visit) => visit.customerId)).toEqual([a.customer.id]);
  });
});

describe("series generation", () => {
  it("generates an open-ended series to the horizon; the daily job moves it on, idempotently; a far read writes nothing", async () => {
    const db = await getDb();
    const { customer } = await createCustomer();
    const now = new Date();
    const first = addDays(businessToday(now), 1);
    const series = await weeklySeries(customer.id, first, "08:00", now);
    const rowsOf = () => db.select().from(visits).where(eq(visits.scheduleId, series.id));
    const generated = await rowsOf();
    expect(generated.length).toBe(Math.floor((SERIES_HORIZON_DAYS - 1) / 7) + 1);
    expect((await lastVisitDate(series.id)) <= horizonDate(now)).toBe(true);
    expect(await generatedThrough(series.id)).toBe(horizonDate(now));

    // The daily job four weeks later: twice is the same as once.
    const later = businessInstant(addDays(businessToday(now), 28), "12:00");
    await extendSeriesToHorizon(db, later);
    const extended = await rowsOf();
    expect(extended.length).toBe(generated.length + 4);
    expect((await extendSeriesToHorizon(db, later)).created).toBe(0);
    expect((await rowsOf()).length).toBe(extended.length);

    // A read far past the horizon finds nothing there and writes nothing.
    const farDate = addDays(horizonDate(later), 200);
    const farWeek = await listVisits(db, { from: startOfBusinessDay(farDate), to: endOfBusinessDayExclusive(addDays(farDate, 6)) });
    expect(farWeek.filter((visit) => visit.scheduleId === series.id)).toHaveLength(0);
    expect(await findVisit(db, `${series.id}-${addDays(horizonDate(later), 7)}`)).toBeNull();
    expect((await rowsOf()).length).toBe(extended.length);
    const ids = (await rowsOf()).map((visit) => visit.occurrenceDate);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("extendSeriesThrough never generates past the horizon of now, whatever date it is given", async () => {
    const db = await getDb();
    const { customer } = await createCustomer();
    const now = new Date();
    const first = addDays(businessToday(now), 3);
    const series = await weeklySeries(customer.id, first, "07:00", now);
    // As if generated only a month ahead so far: the call below has a real gap to fill.
    const monthAhead = addDays(first, 30);
    await db.delete(visits).where(and(eq(visits.scheduleId, series.id), gt(visits.occurrenceDate, monthAhead)));
    await db.update(schedules).set({ visitsGeneratedThrough: monthAhead }).where(eq(schedules.id, series.id));

    expect(await extendSeriesThrough(db, "2200-01-01")).toBeGreaterThan(0);
    const last = await lastVisitDate(series.id);
    expect(last <= horizonDate()).toBe(true);
    expect(last > addDays(horizonDate(), -7)).toBe(true);
    expect(await generatedThrough(series.id)).toBe(horizonDate());
    expect(await extendSeriesThrough(db, "2200-01-01")).toBe(0);
  });

  it("the daily job removes unchanged series visits an older version left past the horizon, keeping changed ones", async () => {
    const db = await getDb();
    const { customer } = await createCustomer();
    const now = new Date();
    const first = addDays(businessToday(now), 4);
    const series = await weeklySeries(customer.id, first, "06:00", now);
    // What a far read used to leave: visits generated a year past the horizon, one since moved by staff.
    const yearLater = businessInstant(addDays(businessToday(now), 365), "12:00");
    await extendSeriesToHorizon(db, yearLater);
    const pastHorizon = and(eq(visits.scheduleId, series.id), gt(visits.occurrenceDate, horizonDate(now)));
    const left = await db.select().from(visits).where(pastHorizon).orderBy(visits.occurrenceDate);
    expect(left.length).toBeGreaterThan(40);
    const moved = (await findVisit(db, String(left[10]!.id)))!;
    await moveVisit(db, moved, new Date(moved.startTime.getTime() + 3_600_000), new Date(moved.endTime.getTime() + 3_600_000));

    const { removed } = await extendSeriesToHorizon(db, now);
    expect(removed).toBeGreaterThanOrEqual(left.length - 1);
    expect((await db.select().from(visits).where(pastHorizon)).map((visit) => visit.id)).toEqual([moved.id]);
    expect(await generatedThrough(series.id)).toBe(horizonDate(now));
    // The job brings them back as the horizon reaches them, the changed one as it is.
    await extendSeriesToHorizon(db, yearLater);
    expect((await db.select().from(visits).where(pastHorizon)).length).toBe(left.length);
    expect((await findVisit(db, String(moved.id)))!.startTime.toISOString()).toBe(
      new Date(moved.startTime.getTime() + 3_600_000).toISOString(),
    );
    await extendSeriesToHorizon(db, now);
  });

  it("a series edit moves its visits still to come, keeps those changed on their own, and says so", async () => {
    const db = await getDb();
    const { customer } = await createCustomer();
    const now = businessInstant("2027-09-01", "12:00");
    const series = await insertSchedule(
      {
        customerId: customer.id,
        startTime: businessInstant("2027-08-03", "09:00"),
        endTime: businessInstant("2027-08-03", "10:00"),
        isRecurring: true,
        recurringFrequency: "weekly",
        recurringEndDate: startOfBusinessDay("2027-10-26"),
      },
      now,
    );
    const statusChanged = (await findVisit(db, `${series.id}-2027-09-14`))!;
    await setVisitStatus(db, statusChanged, "confirmed");
    const moved = (await findVisit(db, `${series.id}-2027-09-21`))!;
    await moveVisit(db, moved, businessInstant("2027-09-22", "15:00"), businessInstant("2027-09-22", "16:00"));
    const kept = (await findVisit(db, `${series.id}-2027-09-28`))!;

    // Same days, now 13:00 to 14:30, with a price of its own.
    const result = await updateSchedule(db, series.id, afternoonEdit(customer.id, "2027-10-26"), now);
    // Sep 7 ... Oct 26 is 8 visits from today on; two were changed on their own.
    expect(result.seriesChange).toEqual({ visitsUpdated: 6, visitsRemoved: 0, visitsKept: 2 });

    const after = await listVisits(db, {
      from: startOfBusinessDay("2027-08-01"),
      to: startOfBusinessDay("2027-11-01"),
      customerId: customer.id,
    });
    const times = Object.fromEntries(after.map((visit) => [visit.occurrenceDate, [visit.startTime.toISOString(), visit.totalPrice]]));
    // The past stays as it was.
    expect(times["2027-08-31"]).toEqual([businessInstant("2027-08-31", "09:00").toISOString(), 3500]);
    expect(times["2027-09-07"]).toEqual([businessInstant("2027-09-07", "13:00").toISOString(), 6000]);
    expect(times["2027-09-14"]).toEqual([businessInstant("2027-09-14", "09:00").toISOString(), 3500]);
    expect(times["2027-09-21"]).toEqual([businessInstant("2027-09-22", "15:00").toISOString(), 3500]);
    expect(times["2027-09-28"]).toEqual([businessInstant("2027-09-28", "13:00").toISOString(), 6000]);
    // An updated visit keeps its id.
    expect(after.find((visit) => visit.occurrenceDate === "2027-09-28")?.visitId).toBe(kept.visitId);

    // Ending the series earlier removes the unchanged visits after the new end, not the changed ones.
    const shorter = await updateSchedule(db, series.id, afternoonEdit(customer.id, "2027-09-10"), now);
    expect(shorter.seriesChange).toEqual({ visitsUpdated: 1, visitsRemoved: 5, visitsKept: 2 });
    const remaining = await db
      .select({ date: visits.occurrenceDate })
      .from(visits)
      .where(and(eq(visits.scheduleId, series.id), eq(visits.changed, true)));
    expect(remaining.map((row) => row.date).sort()).toEqual(["2027-09-14", "2027-09-21"]);
  });

  it("a series edit sends a change note for each visit it moves in the next two weeks", async () => {
    const db = await getDb();
    const { customer } = await createCustomer({ email: `series.notes.${Date.now()}@example.com` });
    const now = new Date();
    const first = addDays(businessToday(now), 2);
    const series = await weeklySeries(customer.id, first, "09:00", now);
    const base = {
      customerId: customer.id,
      serviceId: null,
      status: "pending" as const,
      isRecurring: true,
      recurringFrequency: "weekly" as const,
      recurringEndDate: null,
    };
    await updateSchedule(
      db,
      series.id,
      {
        ...base,
        date: businessInstant(first, "00:00"),
        startTime: businessInstant(first, "15:00"),
        endTime: businessInstant(first, "16:00"),
      },
      now,
    );
    const notes = (await db.select().from(emailOutbox)).filter((email) => email.to === customer.email && email.kind === "visit_moved");
    // Visits on day 2 and day 9 are within two weeks; the rest show in the portal and reminders.
    expect(notes).toHaveLength(2);
  });
});
