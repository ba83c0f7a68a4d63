import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessDateOf, type DateString } from "@/lib/business-time";
import { bucketStart, bucketStarts, type ReportGrouping, type ReportPeriod, yearBefore } from "@/lib/reports";
import { getDb } from "@/server/db";
import { crews, paymentRefunds, payments, quoteAcceptances, schedules, services, visits } from "@/server/db/schema";
import { createCustomer, rest, staffCookie } from "#test/support/helpers";
import { useStripeStandIn } from "#test/support/stripe";
import {
  autopaidVisit,
  autopayCustomer,
  cancelVisit,
  cardPayment,
  completeVisit,
  completedVisit,
  confirmedRefund,
  offlinePayment,
  quoteWithPaidDeposit,
  serviceAndCrew,
} from "#test/fixtures/report-money";
import { revenueReport } from "./revenue-report";
import { type RevenueFigures, ZRevenueReport } from "./schemas";

// Revenue is read by one SQL statement per period; here every figure is held to a scan of the raw
// rows, summed in TypeScript by the rule, after every kind of money the app writes.

const WEBHOOK_SECRET = "whsec_test_revenue_report";
const stripe = await useStripeStandIn({ webhookSecret: WEBHOOK_SECRET, quiet: true });

/** The rule, read from every row: payments and refunds on their Austin day, each to what it paid for. */
async function scanRevenue(period: ReportPeriod, by: ReportGrouping): Promise<RevenueFigures> {
  const db = await getDb();
  const [allPayments, allRefunds, allVisits, allPlans, acceptances, allServices, allCrews] = await Promise.all([
    db.select().from(payments),
    db.select().from(paymentRefunds),
    db.select().from(visits),
    db.select().from(schedules),
    db.select().from(quoteAcceptances),
    db.select().from(services),
    db.select().from(crews),
  ]);
  const inPeriod = (at: Date | null): at is Date => at !== null && businessDateOf(at) >= period.from && businessDateOf(at) <= period.to;
  const visitById = new Map(allVisits.map((visit) => [visit.id, visit]));
  const planById = new Map(allPlans.map((plan) => [plan.id, plan]));
  const paymentById = new Map(allPayments.map((payment) => [payment.id, payment]));

  function paidFor(payment: (typeof allPayments)[number]): { serviceId: number | null; crewId: number | null } {
    if (payment.visitId !== null) {
      const visit = visitById.get(payment.visitId)!;
      return { serviceId: visit.serviceId, crewId: visit.crewId };
    }
    const planId = payment.scheduleId ?? acceptances.find((acceptance) => acceptance.paymentId === payment.id)?.scheduleId ?? null;
    if (planId === null) return { serviceId: null, crewId: null };
    const oneTime = visitById.get(planId);
    if (oneTime && oneTime.scheduleId === oneTime.id) return { serviceId: oneTime.serviceId, crewId: oneTime.crewId };
    const plan = planById.get(planId);
    return { serviceId: plan?.serviceId ?? null, crewId: plan?.crewId ?? null };
  }

  const buckets = new Map(bucketStarts(period, by).map((start) => [start, { start, card: 0, cash: 0, check: 0, refunds: 0, net: 0 }]));
  const byService = new Map<number | null, number>();
  const byCrew = new Map<number | null, number>();
  let count = 0;
  const add = (payment: (typeof allPayments)[number], at: Date, net: number) => {
    const bucket = buckets.get(bucketStart(businessDateOf(at), by))!;
    if (net > 0) bucket[payment.method] += net;
    else bucket.refunds -= net;
    bucket.net += net;
    const { serviceId, crewId } = paidFor(payment);
    byService.set(serviceId, (byService.get(serviceId) ?? 0) + net);
    byCrew.set(crewId, (byCrew.get(crewId) ?? 0) + net);
  };
  for (const payment of allPayments) {
    if (payment.status !== "completed" || !inPeriod(payment.paymentDate)) continue;
    count += 1;
    add(payment, payment.paymentDate, payment.amount);
  }
  for (const refund of allRefunds) {
    if (refund.status === "succeeded" && inPeriod(refund.confirmedAt))
      add(paymentById.get(refund.paymentId)!, refund.confirmedAt, -refund.amount);
  }

  const list = (shares: Map<number | null, number>, names: Map<number, string>, none: string) =>
    [...shares]
      .map(([id, net]) => ({ id, name: id === null ? none : names.get(id)!, net }))
      .sort((a, b) => b.net - a.net || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id ?? Infinity) - (b.id ?? Infinity));
  const listed = [...buckets.values()];
  const sum = (key: "card" | "cash" | "check" | "refunds" | "net") => listed.reduce((total, bucket) => total + bucket[key], 0);
  return {
    period,
    buckets: listed,
    totals: { card: sum("card"), cash: sum("cash"), check: sum("check"), refunds: sum("refunds"), net: sum("net"), payments: count },
    byService: list(byService, new Map(allServices.map((service) => [service.id, service.name])), "No service"),
    byCrew: list(byCrew, new Map(allCrews.map((crew) => [crew.id, crew.name])), "No crew"),
  };
}

const MARCH: ReportPeriod = { from: "2031-03-01", to: "2031-03-31" };
/** Starts mid-week and ends mid-month, so its first and last buckets hold days outside it. */
const SPRING: ReportPeriod = { from: "2031-02-19", to: "2031-04-16" };

/** The report for each period and grouping equals the scan, now and a year before; the current figures returned. */
async function expectReportsMatchScan(periods: ReportPeriod[] = [MARCH, SPRING]) {
  const db = await getDb();
  for (const period of periods) {
    for (const by of ["day", "week", "month"] as const) {
      const report = await revenueReport(db, { ...period, by });
      expect(report).toEqual({ by, current: await scanRevenue(period, by), yearBefore: await scanRevenue(yearBefore(period), by) });
    }
  }
  return (await revenueReport(db, { ...MARCH, by: "month" })).current;
}

describe("the revenue report", () => {
  it("equals a scan of the rows after card, cash and check payments, refunds, a cancelled visit and a deposit", async () => {
    const { serviceId, crewId } = await serviceAndCrew("Revenue");
    const { customer } = await createCustomer({ fullName: "Revenue Customer" });
    const empty = await expectReportsMatchScan();

    // Cash for a completed visit, by its plan: the visit's service and crew.
    const mowed = await completedVisit(customer.id, "2031-03-03", { price: 4500, serviceId, crewId });
    await offlinePayment({ customerId: customer.id, amount: 4500, method: "cash", scheduleId: mowed.scheduleId, day: "2031-03-04" });
    const afterCash = await expectReportsMatchScan();
    expect(afterCash.totals.cash - empty.totals.cash).toBe(4500);
    expect(afterCash.byService.find((share) => share.id === serviceId)?.net).toBe(4500);
    expect(afterCash.byCrew.find((share) => share.id === crewId)?.net).toBe(4500);

    // A check for nothing in particular: no service, no crew.
    await offlinePayment({ customerId: customer.id, amount: 2500, method: "check", day: "2031-03-10" });
    const afterCheck = await expectReportsMatchScan();
    expect(afterCheck.totals.check - afterCash.totals.check).toBe(2500);
    expect(afterCheck.byService.find((share) => share.id === null)).toMatchObject({ name: "No service" });

    // A card payment staff took for a plan, then a part of it refunded.
    const trimmed = await completedVisit(customer.id, "2031-03-12", { price: 8000, serviceId, crewId });
    const card = await cardPayment(stripe, WEBHOOK_SECRET, {
      customerId: customer.id,
      amount: 8000,
      scheduleId: trimmed.scheduleId,
      day: "2031-03-12",
      time: "16:30",
    });
    const afterCard = await expectReportsMatchScan();
    expect(afterCard.totals.card - afterCheck.totals.card).toBe(8000);
    await confirmedRefund(stripe, WEBHOOK_SECRET, { paymentId: card.id, amount: 3000, day: "2031-03-20" });
    const afterPartial = await expectReportsMatchScan();
    expect(afterPartial.totals.refunds - afterCard.totals.refunds).toBe(3000);
    expect(afterPartial.totals.net - afterCard.totals.net).toBe(-3000);

    // An autopay charge for a visit, refunded in full: the charge and the refund both show.
    const owner = await autopayCustomer(stripe);
    const { payment: charge } = await autopaidVisit(owner.id, { day: "2031-03-14", paidDay: "2031-03-15", price: 6000, serviceId, crewId });
    await expectReportsMatchScan();
    await confirmedRefund(stripe, WEBHOOK_SECRET, { paymentId: charge.id, day: "2031-03-25" });
    const afterFull = await expectReportsMatchScan();
    expect(afterFull.totals.card - afterPartial.totals.card).toBe(6000);
    expect(afterFull.totals.refunds - afterPartial.totals.refunds).toBe(6000);

    // A refund confirmed in March of a payment made in February counts in March (cash basis).
    const february = await cardPayment(stripe, WEBHOOK_SECRET, { customerId: customer.id, amount: 5000, day: "2031-02-25" });
    await confirmedRefund(stripe, WEBHOOK_SECRET, { paymentId: february.id, amount: 1200, day: "2031-03-02" });
    const afterLateRefund = await expectReportsMatchScan();
    expect(afterLateRefund.totals.card).toBe(afterFull.totals.card);
    expect(afterLateRefund.totals.refunds - afterFull.totals.refunds).toBe(1200);

    // Cancelling a visit already paid changes no money.
    await cancelVisit(mowed.id);
    expect(await expectReportsMatchScan()).toEqual(afterLateRefund);

    // A deposit, then the rest of the visit: the quote's total, counted once.
    const quoted = await serviceAndCrew("Quoted");
    const { acceptance, deposit, visit } = await quoteWithPaidDeposit(stripe, WEBHOOK_SECRET, {
      customerId: customer.id,
      serviceId: quoted.serviceId,
      firstDate: "2031-03-18",
      paidDay: "2031-03-05",
    });
    expect(deposit.amount).toBe(acceptance.deposit);
    expect(visit.totalPrice).toBe(acceptance.total - acceptance.deposit);
    await expectReportsMatchScan();
    await completeVisit(visit.id);
    await offlinePayment({
      customerId: customer.id,
      amount: visit.totalPrice,
      method: "cash",
      scheduleId: visit.scheduleId,
      day: "2031-03-19",
    });
    const afterRest = await expectReportsMatchScan();
    expect(afterRest.byService.find((share) => share.id === quoted.serviceId)?.net).toBe(acceptance.total);
    expect(afterRest.totals.net - afterLateRefund.totals.net).toBe(acceptance.total);

    // The same days a year before have figures of their own.
    await offlinePayment({ customerId: customer.id, amount: 3300, method: "cash", day: "2030-03-07" });
    await expectReportsMatchScan();
    const report = await revenueReport(await getDb(), { ...MARCH, by: "week" });
    expect(report.yearBefore.period).toEqual({ from: "2030-03-01", to: "2030-03-31" });
    expect(report.yearBefore.totals.cash).toBeGreaterThanOrEqual(3300);
    expect(report.current.totals).toEqual(afterRest.totals);
  });

  it("credits a payment to the service and crew its visit or plan has now, after either changes", async () => {
    const db = await getDb();
    const first = await serviceAndCrew("Credited first");
    const second = await serviceAndCrew("Credited second");
    const { customer } = await createCustomer({ fullName: "Credited Customer" });

    // Paid by its plan, credited through the one-time visit; the office then gives it to another crew.
    const visit = await completedVisit(customer.id, "2031-03-06", { price: 3900, serviceId: first.serviceId, crewId: first.crewId });
    await offlinePayment({ customerId: customer.id, amount: 3900, method: "cash", scheduleId: visit.scheduleId, day: "2031-03-06" });
    await db.update(visits).set({ crewId: second.crewId, serviceId: second.serviceId }).where(eq(visits.id, visit.id));
    const afterMove = await expectReportsMatchScan();
    expect(afterMove.byCrew.find((share) => share.id === second.crewId)?.net).toBe(3900);
    expect(afterMove.byCrew.find((share) => share.id === first.crewId)).toBeUndefined();

    // Without its one-time visit, the payment falls back to its plan's service and crew, and follows the plan's.
    await db.delete(visits).where(eq(visits.id, visit.id));
    await expectReportsMatchScan();
    await db.update(schedules).set({ crewId: null }).where(eq(schedules.id, visit.scheduleId));
    const afterPlan = await expectReportsMatchScan();
    expect(afterPlan.byCrew.find((share) => share.id === second.crewId)).toBeUndefined();
  });

  it("counts a payment on its Austin day: at the period's edges and at a week's and a month's", async () => {
    const db = await getDb();
    const { customer } = await createCustomer({ fullName: "Edge Customer" });
    // 2032-06-01 is a Tuesday; the period runs to Tuesday 2032-08-31.
    const period: ReportPeriod = { from: "2032-06-01", to: "2032-08-31" };
    const pay = (amount: number, day: DateString, time: string) =>
      offlinePayment({ customerId: customer.id, amount, method: "cash", day, time });
    await pay(1, "2032-05-31", "23:59");
    await pay(2, "2032-06-01", "00:01");
    await pay(4, "2032-06-06", "23:59");
    await pay(8, "2032-06-07", "00:01");
    await pay(16, "2032-06-30", "23:59");
    await pay(32, "2032-07-01", "00:01");
    await pay(64, "2032-08-31", "23:59");
    await pay(128, "2032-09-01", "00:01");
    const cash = (figures: RevenueFigures, start: string) => figures.buckets.find((bucket) => bucket.start === start)?.cash;

    const byWeek = (await revenueReport(db, { ...period, by: "week" })).current;
    expect(byWeek).toEqual(await scanRevenue(period, "week"));
    expect(byWeek.buckets.map((bucket) => bucket.start)).toEqual(bucketStarts(period, "week"));
    // The first week starts on Monday 31 May, before the period: only the period's days count in it.
    expect(byWeek.buckets[0]!.start).toBe("2032-05-31");
    expect(cash(byWeek, "2032-05-31")).toBe(2 + 4);
    expect(cash(byWeek, "2032-06-07")).toBe(8);
    expect(cash(byWeek, "2032-08-30")).toBe(64);
    expect(byWeek.totals).toMatchObject({ cash: 2 + 4 + 8 + 16 + 32 + 64, payments: 6 });

    const byMonth = (await revenueReport(db, { ...period, by: "month" })).current;
    expect(byMonth).toEqual(await scanRevenue(period, "month"));
    expect(byMonth.buckets.map((bucket) => [bucket.start, bucket.cash])).toEqual([
      ["2032-06-01", 2 + 4 + 8 + 16],
      ["2032-07-01", 32],
      ["2032-08-01", 64],
    ]);

    const byDay = (await revenueReport(db, { from: "2032-06-01", to: "2032-06-07", by: "day" })).current;
    expect(byDay).toEqual(await scanRevenue({ from: "2032-06-01", to: "2032-06-07" }, "day"));
    expect(byDay.buckets.map((bucket) => [bucket.start, bucket.cash])).toEqual([
      ["2032-06-01", 2],
      ["2032-06-02", 0],
      ["2032-06-03", 0],
      ["2032-06-04", 0],
      ["2032-06-05", 0],
      ["2032-06-06", 4],
      ["2032-06-07", 8],
    ]);
  });

  it("answers over REST in the documented shape, and 400 with the plain message for a period that ends before it starts", async () => {
    const cookie = await staffCookie();
    const answer = await rest("GET", "/reports/revenue?from=2031-03-01&to=2031-03-31&by=week", { headers: { cookie } });
    expect(answer.status).toBe(200);
    expect(ZRevenueReport.parse(answer.json)).toEqual(answer.json);
    expect(answer.json).toEqual(JSON.parse(JSON.stringify(await revenueReport(await getDb(), { ...MARCH, by: "week" }))));

    const backwards = await rest("GET", "/reports/revenue?from=2031-03-31&to=2031-03-01&by=week", { headers: { cookie } });
    expect(backwards.status).toBe(400);
    expect(backwards.json.message).toBe("The first day must be on or before the last day");
  });
});
