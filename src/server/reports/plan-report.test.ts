import { and, eq, gte, lt } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { businessDateOf, businessInstant, endOfBusinessDayExclusive, monthRange, startOfBusinessDay } from "@/lib/business-time";
import { bucketStarts, REPORT_PERIOD_MESSAGES, yearBefore, type ReportPeriod } from "@/lib/reports";
import { ZSchedulePayloadSchema } from "@/lib/validation/schedule";
import { getDb } from "@/server/db";
import { schedules, visits } from "@/server/db/schema";
import { updateSchedule } from "@/server/schedules/save-schedule";
import { changeAppointment } from "@/server/self-service/change-appointment";
import { insertPlan } from "#test/fixtures/plans";
import { createCustomer, staffCaller } from "#test/support/helpers";
import { planReport } from "./plan-report";
import type { PlanFigures } from "./schemas";

// Four months, the first and last cut: 10 February to 20 May.
const PERIOD: ReportPeriod = { from: "2031-02-10", to: "2031-05-20" };
const at = (date: string, time: string) => businessInstant(date, time);

/** A recurring plan made `created` (an Austin day), starting on `first` at `time`, as the portal's customer's. */
async function recurringPlan(created: string, first: string, time: string, frequency: "weekly" | "biweekly" = "weekly") {
  const { customer } = await createCustomer({ password: "plan-owner-1" });
  const plan = await insertPlan(
    {
      customerId: customer.id,
      startTime: at(first, time),
      status: "confirmed",
      isRecurring: true,
      recurringFrequency: frequency,
      createdAt: at(created, "12:00"),
    },
    "booked",
    at(first, "00:00"),
  );
  return { customer, plan };
}

/** Staff save the plan as it is but for its status and end date, as the schedule form does. */
async function staffSave(plan: typeof schedules.$inferSelect, change: { status?: "cancelled" | "completed"; endDate?: string }, now: Date) {
  const payload = ZSchedulePayloadSchema.parse({
    customerId: plan.customerId,
    date: plan.date,
    startTime: plan.startTime,
    endTime: plan.endTime,
    status: change.status ?? plan.status,
    isRecurring: true,
    recurringFrequency: plan.recurringFrequency,
    recurringEndDate: change.endDate ?? null,
  });
  await updateSchedule(await getDb(), plan.id, payload, now);
}

const visitOf = async (scheduleId: number, day: string) =>
  String(
    (
      await (
        await getDb()
      )
        .select()
        .from(visits)
        .where(and(eq(visits.scheduleId, scheduleId), eq(visits.occurrenceDate, day)))
    )[0]!.id,
  );

/** What the report must say, read from every recurring plan and the period's paused visits and counted here. */
async function scanPlans(period: ReportPeriod): Promise<PlanFigures> {
  const db = await getDb();
  const plans = (await db.select().from(schedules)).filter((plan) => plan.isRecurring);
  const paused = (
    await db
      .select()
      .from(visits)
      .where(and(gte(visits.startTime, startOfBusinessDay(period.from)), lt(visits.startTime, endOfBusinessDayExclusive(period.to))))
  ).filter((visit) => visit.status === "cancelled" && visit.customerChange === "paused");
  const endOf = (plan: (typeof plans)[number]) => {
    const endDate = plan.recurringEndDate ? businessDateOf(plan.recurringEndDate) : null;
    if (plan.status !== "cancelled" && plan.status !== "completed") return endDate;
    const saved = businessDateOf(plan.endedAt!);
    return endDate !== null && endDate < saved ? endDate : saved;
  };
  const months = bucketStarts(period, "month").map((start) => {
    const first = start < period.from ? period.from : start;
    const last = monthRange(start).end > period.to ? period.to : monthRange(start).end;
    const inMonth = (day: string | null) => day !== null && day >= first && day <= last;
    const active = plans.filter((plan) => {
      const end = endOf(plan);
      return businessDateOf(plan.startTime) <= last && (end === null || end >= last);
    });
    return {
      month: start.slice(0, 7),
      active: active.length,
      paused: active.filter((plan) => paused.some((visit) => visit.scheduleId === plan.id && inMonth(businessDateOf(visit.startTime))))
        .length,
      ended: plans.filter((plan) => inMonth(endOf(plan))).length,
      new: plans.filter((plan) => inMonth(businessDateOf(plan.createdAt))).length,
    };
  });
  return {
    period,
    months,
    totals: { new: months.reduce((sum, m) => sum + m.new, 0), ended: months.reduce((sum, m) => sum + m.ended, 0) },
  };
}

beforeAll(async () => {
  const db = await getDb();
  // Running throughout; the customer pauses it from 24 March to 15 April.
  const open = await recurringPlan("2031-01-15", "2031-01-20", "15:00");
  await changeAppointment(
    db,
    open.customer.id,
    await visitOf(open.plan.id, "2031-03-24"),
    { action: "pause", until: "2031-04-15" },
    at("2031-03-01", "08:00"),
  );

  // Made in February, from 5 March every two weeks; the customer ends it after the visit of 2 April.
  const endedOnline = await recurringPlan("2031-02-12", "2031-03-05", "10:00", "biweekly");
  await changeAppointment(
    db,
    endedOnline.customer.id,
    await visitOf(endedOnline.plan.id, "2031-04-02"),
    { action: "endPlan" },
    at("2031-03-20", "08:00"),
  );

  // Made 1 March; staff cancel the whole plan on 10 May.
  const cancelled = await recurringPlan("2031-03-01", "2031-03-03", "11:00");
  await staffSave(cancelled.plan, { status: "cancelled" }, at("2031-05-10", "09:00"));

  // Running since last June; staff give it an end date, the period's last day.
  const endDate = await recurringPlan("2030-06-01", "2030-06-02", "09:00");
  await staffSave(endDate.plan, { endDate: "2031-05-20" }, at("2031-02-20", "09:00"));

  // Made 20 February; staff save it completed on 15 April with an end date of 10 April: it ended on the 10th.
  const completed = await recurringPlan("2031-02-20", "2031-02-24", "12:00");
  await staffSave(completed.plan, { status: "completed", endDate: "2031-04-10" }, at("2031-04-15", "09:00"));

  // A one-time visit is no plan here.
  const { customer } = await createCustomer();
  await insertPlan({ customerId: customer.id, startTime: at("2031-03-12", "09:00"), createdAt: at("2031-03-02", "09:00") });

  // The year before: a plan that ran from January to its end date of 31 March 2030.
  const lastYear = await recurringPlan("2030-01-05", "2030-01-07", "14:00");
  await staffSave(lastYear.plan, { endDate: "2030-03-31" }, at("2030-03-01", "09:00"));
});

describe("the plans report", () => {
  it("counts plans running, paused, ended and new per month as a scan of the rows does, and the year before", async () => {
    const report = await planReport(await getDb(), PERIOD);
    expect(report.current).toEqual(await scanPlans(PERIOD));
    expect(report.yearBefore).toEqual(await scanPlans(yearBefore(PERIOD)));

    expect(report.current.months).toEqual([
      { month: "2031-02", active: 3, paused: 0, ended: 0, new: 2 },
      { month: "2031-03", active: 5, paused: 1, ended: 0, new: 1 },
      { month: "2031-04", active: 3, paused: 1, ended: 2, new: 0 },
      { month: "2031-05", active: 2, paused: 0, ended: 2, new: 0 },
    ]);
    expect(report.current.totals).toEqual({ new: 3, ended: 4 });
    expect(report.yearBefore.months.map((month) => [month.month, month.active, month.ended])).toEqual([
      ["2030-02", 1, 0],
      ["2030-03", 1, 1],
      ["2030-04", 0, 0],
      ["2030-05", 0, 0],
    ]);
  });

  it("keeps the day staff ended a plan when the ended plan is saved again later", async () => {
    const { plan } = await recurringPlan("2032-01-05", "2032-01-07", "10:00");
    await staffSave(plan, { status: "cancelled" }, at("2032-03-10", "09:00"));
    const [cancelled] = await (await getDb()).select().from(schedules).where(eq(schedules.id, plan.id));
    await staffSave(cancelled!, {}, at("2032-05-02", "09:00"));
    const [saved] = await (await getDb()).select().from(schedules).where(eq(schedules.id, plan.id));
    expect(saved!.endedAt).toEqual(at("2032-03-10", "09:00"));
    const report = await planReport(await getDb(), { from: "2032-02-01", to: "2032-05-31" });
    expect(report.current.months.map((month) => [month.month, month.ended])).toEqual([
      ["2032-02", 0],
      ["2032-03", 1],
      ["2032-04", 0],
      ["2032-05", 0],
    ]);
    expect(report.current).toEqual(await scanPlans({ from: "2032-02-01", to: "2032-05-31" }));
  });

  it("answers through the staff's procedure, and refuses a period that ends before it starts", async () => {
    const caller = await staffCaller();
    expect(await caller.reports.plans(PERIOD)).toEqual(await planReport(await getDb(), PERIOD));
    await expect(caller.reports.plans({ from: "2031-05-20", to: "2031-02-10" })).rejects.toThrow(REPORT_PERIOD_MESSAGES.order);
  });
});
