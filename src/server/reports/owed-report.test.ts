import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, businessDateOf, type DateString, endOfBusinessDayExclusive } from "@/lib/business-time";
import { yearBeforeDay } from "@/lib/reports";
import { getDb } from "@/server/db";
import { customers, payments, unpaidVisits, visits } from "@/server/db/schema";
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
import { OWED_CUSTOMERS_LISTED, owedReport } from "./owed-report";
import { OWED_BUCKETS, type OwedFigures, ZOwedReport } from "./schemas";

// The owed report reads the visits unpaid now and the payments made after the day, not every visit;
// here it is held to a direct scan of all completed priced visits and all payments, by the rule of
// src/server/payments/owed.ts read at the end of the day.

const WEBHOOK_SECRET = "whsec_test_owed_report";
const stripe = await useStripeStandIn({ webhookSecret: WEBHOOK_SECRET, quiet: true });

const daysBetween = (from: DateString, to: DateString) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The rule, read from every row. */
async function scanOwed(asOf: DateString): Promise<OwedFigures> {
  const db = await getDb();
  const [allVisits, allPayments, allCustomers] = await Promise.all([
    db.select().from(visits),
    db.select().from(payments),
    db.select().from(customers),
  ]);
  const end = endOfBusinessDayExclusive(asOf);
  const paidBy = allPayments.filter((payment) => payment.status === "completed" && payment.paymentDate < end);
  const owed = allVisits.filter(
    (visit) =>
      visit.status === "completed" &&
      visit.totalPrice > 0 &&
      businessDateOf(visit.startTime) <= asOf &&
      !paidBy.some(
        (payment) =>
          payment.visitId === visit.id ||
          (payment.visitId === null && payment.scheduleId === visit.scheduleId && visit.id === visit.scheduleId),
      ),
  );
  const nameOf = new Map(allCustomers.map((customer) => [customer.id, customer.fullName]));
  const bucketOf = (day: DateString) => {
    const age = daysBetween(day, asOf);
    return age <= 30 ? "0-30" : age <= 60 ? "31-60" : age <= 90 ? "61-90" : "over-90";
  };
  const buckets = OWED_BUCKETS.map((bucket) => {
    const inBucket = owed.filter((visit) => bucketOf(businessDateOf(visit.startTime)) === bucket);
    const byCustomer = new Map<number, { customerId: number; name: string; amount: number; visits: number; oldestVisitDay: string }>();
    for (const visit of inBucket) {
      const day = businessDateOf(visit.startTime);
      const entry = byCustomer.get(visit.customerId) ?? {
        customerId: visit.customerId,
        name: nameOf.get(visit.customerId)!,
        amount: 0,
        visits: 0,
        oldestVisitDay: day,
      };
      entry.amount += visit.totalPrice;
      entry.visits += 1;
      if (day < entry.oldestVisitDay) entry.oldestVisitDay = day;
      byCustomer.set(visit.customerId, entry);
    }
    const ranked = [...byCustomer.values()].sort(
      (a, b) => b.amount - a.amount || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.customerId - b.customerId,
    );
    return {
      bucket,
      amount: inBucket.reduce((sum, visit) => sum + visit.totalPrice, 0),
      visits: inBucket.length,
      customers: ranked.slice(0, OWED_CUSTOMERS_LISTED),
      customerCount: ranked.length,
    };
  });
  return {
    asOf,
    buckets,
    total: { amount: owed.reduce((sum, visit) => sum + visit.totalPrice, 0), visits: owed.length },
  };
}

const D = "2031-05-20";

/** The report equals the scan at the end of each day asked (and a year before each); the figures at D returned. */
async function expectReportsMatchScan(days: DateString[] = [addDays(D, -1), D, addDays(D, 1), "2031-12-31"]) {
  const db = await getDb();
  for (const asOf of days) {
    expect(await owedReport(db, { asOf })).toEqual({ current: await scanOwed(asOf), yearBefore: await scanOwed(yearBeforeDay(asOf)) });
  }
  return (await owedReport(db, { asOf: D })).current;
}

const owesFor = (figures: OwedFigures, customerId: number) =>
  figures.buckets.flatMap((bucket) => bucket.customers.filter((customer) => customer.customerId === customerId).map(() => bucket.bucket));

describe("the owed report", () => {
  it("equals a direct scan after visits are completed, paid by card, cash and check, refunded, credited and cancelled", async () => {
    const db = await getDb();
    const empty = await expectReportsMatchScan();

    // One customer per age, each owing for a visit: the ages at the buckets' edges.
    const ages = [0, 30, 31, 60, 61, 90, 91, 200];
    const owing = [];
    for (const age of ages) {
      const { customer } = await createCustomer({ fullName: `Owing ${String(age).padStart(3, "0")} days` });
      owing.push({ customer, visit: await completedVisit(customer.id, addDays(D, -age), { price: 1000 + age }) });
    }
    // A visit after D is not owed at D.
    const { customer: later } = await createCustomer({ fullName: "Owing later" });
    await completedVisit(later.id, addDays(D, 1), { price: 777 });
    const afterVisits = await expectReportsMatchScan();
    expect(afterVisits.total.visits - empty.total.visits).toBe(ages.length);
    expect(owing.map(({ customer }) => owesFor(afterVisits, customer.id))).toEqual([
      ["0-30"],
      ["0-30"],
      ["31-60"],
      ["31-60"],
      ["61-90"],
      ["61-90"],
      ["over-90"],
      ["over-90"],
    ]);
    expect(owesFor(afterVisits, later.id)).toEqual([]);

    // Cash paid the day after D at 00:01: owed at D, not now, and not at the end of the next day.
    const [acrossD, atD, byCard, byCheck] = owing;
    await offlinePayment({
      customerId: acrossD!.customer.id,
      amount: acrossD!.visit.totalPrice,
      method: "cash",
      scheduleId: acrossD!.visit.scheduleId,
      day: addDays(D, 1),
      time: "00:01",
    });
    expect(await db.select().from(unpaidVisits).where(eq(unpaidVisits.visitId, acrossD!.visit.id))).toEqual([]);
    // A check at 23:59 on D paid it by the end of D.
    await offlinePayment({
      customerId: atD!.customer.id,
      amount: atD!.visit.totalPrice,
      method: "check",
      scheduleId: atD!.visit.scheduleId,
      day: D,
      time: "23:59",
    });
    const afterOffline = await expectReportsMatchScan();
    expect(owesFor(afterOffline, acrossD!.customer.id)).toEqual(["0-30"]);
    expect(owesFor(afterOffline, atD!.customer.id)).toEqual([]);
    expect(owesFor((await owedReport(db, { asOf: addDays(D, 1) })).current, acrossD!.customer.id)).toEqual([]);
    expect(owesFor((await owedReport(db, { asOf: addDays(D, -1) })).current, atD!.customer.id)).toEqual(["0-30"]);

    // A card payment for a plan, then refunded in part and in full: a refunded payment still paid.
    const card = await cardPayment(stripe, WEBHOOK_SECRET, {
      customerId: byCard!.customer.id,
      amount: byCard!.visit.totalPrice,
      scheduleId: byCard!.visit.scheduleId,
      day: addDays(D, -3),
    });
    await expectReportsMatchScan();
    await confirmedRefund(stripe, WEBHOOK_SECRET, { paymentId: card.id, amount: 100, day: addDays(D, -2) });
    await expectReportsMatchScan();
    await confirmedRefund(stripe, WEBHOOK_SECRET, { paymentId: card.id, day: addDays(D, 2) });
    const afterRefunds = await expectReportsMatchScan();
    expect(owesFor(afterRefunds, byCard!.customer.id)).toEqual([]);

    // A check recorded for the customer but not for the visit pays nothing.
    await offlinePayment({ customerId: byCheck!.customer.id, amount: 500, method: "check", day: addDays(D, -5) });
    expect(owesFor(await expectReportsMatchScan(), byCheck!.customer.id)).toEqual(["31-60"]);

    // An autopay charge for a visit, taken after D.
    const owner = await autopayCustomer(stripe);
    await autopaidVisit(owner.id, { day: addDays(D, -10), paidDay: addDays(D, 3), price: 6000 });
    const afterAutopay = await expectReportsMatchScan();
    expect(owesFor(afterAutopay, owner.id)).toEqual(["0-30"]);

    // A quote's deposit credited against its visit: the visit owes the rest, until that is paid.
    const { serviceId } = await serviceAndCrew("Owed");
    const { customer: quoted } = await createCustomer({ fullName: "Owing quote" });
    const { visit } = await quoteWithPaidDeposit(stripe, WEBHOOK_SECRET, {
      customerId: quoted.id,
      serviceId,
      firstDate: addDays(D, -4),
      paidDay: addDays(D, -20),
    });
    await completeVisit(visit.id);
    const afterDeposit = await expectReportsMatchScan();
    expect(afterDeposit.buckets[0]!.customers.find((customer) => customer.customerId === quoted.id)?.amount).toBe(visit.totalPrice);
    await offlinePayment({
      customerId: quoted.id,
      amount: visit.totalPrice,
      method: "cash",
      scheduleId: visit.scheduleId,
      day: addDays(D, 5),
    });
    await expectReportsMatchScan();
    expect(owesFor((await owedReport(db, { asOf: addDays(D, 5) })).current, quoted.id)).toEqual([]);

    // A cancelled visit owes nothing.
    const cancelled = owing[7]!;
    await cancelVisit(cancelled.visit.id);
    const afterCancel = await expectReportsMatchScan();
    expect(owesFor(afterCancel, cancelled.customer.id)).toEqual([]);

    // The year before: a visit owed at the same day a year earlier.
    const { customer: lastYear } = await createCustomer({ fullName: "Owing last year" });
    await completedVisit(lastYear.id, yearBeforeDay(addDays(D, -45)), { price: 4200 });
    await expectReportsMatchScan();
    const report = await owedReport(db, { asOf: D });
    expect(report.yearBefore.asOf).toBe("2030-05-20");
    expect(owesFor(report.yearBefore, lastYear.id)).toEqual(["31-60"]);
    expect(report.yearBefore.buckets[1]!.customers.find((customer) => customer.customerId === lastYear.id)).toEqual({
      customerId: lastYear.id,
      name: "Owing last year",
      amount: 4200,
      visits: 1,
      oldestVisitDay: "2030-04-05",
    });
  });

  it("lists at most a hundred customers per bucket, largest first then by name, and counts them all", async () => {
    const db = await getDb();
    const day = "2033-02-10";
    const asOf = "2033-02-12";
    for (let index = 0; index < OWED_CUSTOMERS_LISTED + 1; index++) {
      const { customer } = await createCustomer({ fullName: `Owner ${String(index).padStart(3, "0")}` });
      await completedVisit(customer.id, day, { price: index < 3 ? 9000 : 1000 + index });
      if (index === 0) await completedVisit(customer.id, addDays(day, -2), { price: 100 });
    }
    const figures = (await owedReport(db, { asOf })).current;
    expect(figures).toEqual(await scanOwed(asOf));
    const young = figures.buckets[0]!;
    expect(young.customerCount).toBeGreaterThanOrEqual(OWED_CUSTOMERS_LISTED + 1);
    expect(young.customers).toHaveLength(OWED_CUSTOMERS_LISTED);
    expect(
      young.customers.slice(0, 3).map((customer) => [customer.name, customer.amount, customer.visits, customer.oldestVisitDay]),
    ).toEqual([
      ["Owner 000", 9100, 2, "2033-02-08"],
      ["Owner 001", 9000, 1, day],
      ["Owner 002", 9000, 1, day],
    ]);
    expect(figures.buckets.map((bucket) => bucket.bucket)).toEqual(["0-30", "31-60", "61-90", "over-90"]);
  });

  it("answers over REST in the documented shape", async () => {
    const cookie = await staffCookie();
    const answer = await rest("GET", `/reports/owed?asOf=${D}`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    expect(ZOwedReport.parse(answer.json)).toEqual(answer.json);
    expect(answer.json).toEqual(JSON.parse(JSON.stringify(await owedReport(await getDb(), { asOf: D }))));
    const bad = await rest("GET", "/reports/owed?asOf=2031-02-30", { headers: { cookie } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("The day must be a date written yyyy-MM-dd");
  });
});
