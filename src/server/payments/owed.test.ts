import postgres from "postgres";
import { eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { businessInstant } from "@/lib/business-time";
import { getDb, type Db } from "@/server/db";
import { owedTotalChanges, payments, schedules, unpaidVisits, visits } from "@/server/db/schema";
import { deleteCustomer } from "@/server/customers/manage-customers";
import { dashboardStats } from "@/server/dashboard/stats";
import { createPlanVisits } from "@/server/schedules/plan-visits";
import { findVisit, moveVisit, setVisitStatus } from "@/server/schedules/visits";
import { createCustomer } from "#test/support/helpers";
import { compactOwedTotal, scanUnpaidVisitTotals, unpaidVisitTotals } from "./owed";

// The dashboard's owed total is kept by triggers (drizzle/0013_owed_total.sql) instead of a scan of
// every completed visit. After every kind of write it must equal the scan.

const testDatabase = inject("testDatabase");
const clients: postgres.Sql[] = [];

afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()));
});

async function expectTotalsMatchScan(db: Db) {
  const scanned = await scanUnpaidVisitTotals(db);
  expect(await unpaidVisitTotals(db)).toEqual(scanned);
  const listed = await db.select().from(unpaidVisits);
  expect(listed.length).toBe(scanned.unpaidCount);
  // Each row carries its visit's customer and start as they are now (the owed report reads them).
  const stale = await db
    .select({ visitId: unpaidVisits.visitId })
    .from(unpaidVisits)
    .leftJoin(visits, eq(visits.id, unpaidVisits.visitId))
    .where(or(isNull(visits.id), ne(visits.customerId, unpaidVisits.customerId), ne(visits.startTime, unpaidVisits.startTime)));
  expect(stale).toEqual([]);
  return scanned;
}

let day = 0;
/** A one-time plan (its visit shares its id) or a weekly series, on days of their own. */
async function plan(db: Db, customerId: number, options: { recurring?: boolean; status?: "pending" | "completed"; price?: number } = {}) {
  day += 1;
  const date = `2030-0${1 + Math.floor(day / 28)}-${String(1 + (day % 28)).padStart(2, "0")}`;
  const [row] = await db
    .insert(schedules)
    .values({
      customerId,
      date: businessInstant(date, "00:00"),
      startTime: businessInstant(date, "09:00"),
      endTime: businessInstant(date, "10:00"),
      totalPrice: options.price ?? 4000,
      status: options.status ?? "pending",
      ...(options.recurring
        ? { isRecurring: true, recurringFrequency: "weekly" as const, recurringEndDate: businessInstant(date, "00:00") }
        : {}),
    })
    .returning();
  if (options.recurring) {
    await db
      .update(schedules)
      .set({ recurringEndDate: new Date(row!.startTime.getTime() + 21 * 86_400_000) })
      .where(eq(schedules.id, row!.id));
  }
  const [fresh] = await db.select().from(schedules).where(eq(schedules.id, row!.id));
  await createPlanVisits(db, fresh!, "staff", businessInstant("2029-12-01", "00:00"));
  const rows = await db.select().from(visits).where(eq(visits.scheduleId, row!.id));
  return { plan: fresh!, visits: rows };
}

async function visitOf(db: Db, id: number) {
  const [row] = await db.select().from(visits).where(eq(visits.id, id));
  return (await findVisit(db, String(row!.id)))!;
}

/** A customer with a one-time plan and a series, every visit of both completed and so owed. */
async function customerOwingForEveryVisit(db: Db) {
  const { customer } = await createCustomer();
  const oneTime = await plan(db, customer.id);
  const series = await plan(db, customer.id, { recurring: true });
  for (const id of [oneTime.plan.id, ...series.visits.map((visit) => visit.id)]) {
    await setVisitStatus(db, await visitOf(db, id), "completed");
  }
  return { customer, oneTime, series };
}

describe("the owed total kept by triggers", () => {
  it("equals the scan after completing, cancelling, re-pricing, moving and deleting visits", async () => {
    const db = await getDb();
    const { customer } = await createCustomer();
    const before = await expectTotalsMatchScan(db);

    const oneTime = await plan(db, customer.id);
    const series = await plan(db, customer.id, { recurring: true });
    expect(series.visits.length).toBeGreaterThan(1);
    await expectTotalsMatchScan(db);

    await setVisitStatus(db, await visitOf(db, oneTime.plan.id), "completed");
    for (const visit of series.visits) await setVisitStatus(db, await visitOf(db, visit.id), "completed");
    const completed = await expectTotalsMatchScan(db);
    expect(completed.owedTotal - before.owedTotal).toBe(4000 * (1 + series.visits.length));

    await setVisitStatus(db, await visitOf(db, series.visits[0]!.id), "cancelled");
    await expectTotalsMatchScan(db);

    await db.update(visits).set({ totalPrice: 6500 }).where(eq(visits.id, series.visits[1]!.id));
    await db.update(visits).set({ totalPrice: 0 }).where(eq(visits.id, series.visits[2]!.id));
    await expectTotalsMatchScan(db);

    const moved = await visitOf(db, series.visits[1]!.id);
    await moveVisit(db, moved, new Date(moved.startTime.getTime() + 86_400_000), new Date(moved.endTime.getTime() + 86_400_000));
    await db.update(visits).set({ notes: "Gate code 1234" }).where(eq(visits.id, series.visits[1]!.id));
    await expectTotalsMatchScan(db);

    await db.delete(visits).where(eq(visits.id, series.visits[1]!.id));
    await expectTotalsMatchScan(db);

    // Several visits in one statement, some of them completed before and after.
    await db
      .update(visits)
      .set({ status: sql`case when ${visits.status} = 'completed' then 'pending' else 'completed' end` })
      .where(eq(visits.customerId, customer.id));
    await expectTotalsMatchScan(db);
    await db.delete(schedules).where(eq(schedules.id, series.plan.id));
    await expectTotalsMatchScan(db);
  });

  it("equals the scan after payments are recorded, completed, failed, moved and deleted", async () => {
    const db = await getDb();
    const { customer, oneTime, series } = await customerOwingForEveryVisit(db);
    const start = await expectTotalsMatchScan(db);

    // A payment on the one-time visit's plan pays it; on the series' plan it pays none of its visits.
    const [planPayment] = await db
      .insert(payments)
      .values({ customerId: customer.id, amount: 4000, scheduleId: oneTime.plan.id, status: "completed", method: "cash" })
      .returning();
    await db
      .insert(payments)
      .values({ customerId: customer.id, amount: 4000, scheduleId: series.plan.id, status: "completed", method: "cash" });
    expect((await expectTotalsMatchScan(db)).owedTotal).toBe(start.owedTotal - 4000);

    // An autopay charge: pending owes, completed pays, failed owes again.
    const [charge] = await db
      .insert(payments)
      .values({ customerId: customer.id, amount: 4000, visitId: series.visits[0]!.id, status: "pending" })
      .returning();
    await expectTotalsMatchScan(db);
    await db.update(payments).set({ status: "completed" }).where(eq(payments.id, charge!.id));
    expect((await expectTotalsMatchScan(db)).owedTotal).toBe(start.owedTotal - 8000);
    await db.update(payments).set({ status: "failed" }).where(eq(payments.id, charge!.id));
    await expectTotalsMatchScan(db);
    await db.update(payments).set({ status: "completed" }).where(eq(payments.id, charge!.id));

    // Moved to another visit, to another plan, and unlinked.
    await db.update(payments).set({ visitId: series.visits[1]!.id }).where(eq(payments.id, charge!.id));
    await expectTotalsMatchScan(db);
    await db.update(payments).set({ scheduleId: series.plan.id }).where(eq(payments.id, planPayment!.id));
    await expectTotalsMatchScan(db);
    await db.update(payments).set({ scheduleId: oneTime.plan.id, visitId: oneTime.plan.id }).where(eq(payments.id, planPayment!.id));
    await expectTotalsMatchScan(db);

    // A refund leaves the payment completed; a payment removed makes its visit owe again.
    await db
      .update(payments)
      .set({ metadata: { refunded: 4000 } })
      .where(eq(payments.id, charge!.id));
    await expectTotalsMatchScan(db);
    await db.delete(payments).where(eq(payments.id, charge!.id));
    await expectTotalsMatchScan(db);

    // The visit a payment is linked to is deleted (its link is set null), then its plan.
    await db.delete(visits).where(eq(visits.id, oneTime.plan.id));
    await expectTotalsMatchScan(db);
    await db.delete(schedules).where(eq(schedules.id, oneTime.plan.id));
    await expectTotalsMatchScan(db);
  });

  it("equals the scan after a customer is deleted, and the dashboard reads it", async () => {
    const db = await getDb();
    const { customer, oneTime, series } = await customerOwingForEveryVisit(db);
    const owing = await expectTotalsMatchScan(db);
    expect((await dashboardStats(db)).owedTotal).toBe(owing.owedTotal);

    await db.delete(payments).where(eq(payments.customerId, customer.id));
    await deleteCustomer(db, customer.id);
    const after = await expectTotalsMatchScan(db);
    expect(after.owedTotal).toBe(owing.owedTotal - 4000 * (1 + series.visits.length));
    expect((await dashboardStats(db)).owedTotal).toBe(after.owedTotal);
  });

  it("keeps its total when the changes are folded into one row, and after a TRUNCATE", async () => {
    const db = await getDb();
    const { customer } = await createCustomer();
    const oneTime = await plan(db, customer.id);
    await setVisitStatus(db, await visitOf(db, oneTime.plan.id), "completed");
    const owing = await expectTotalsMatchScan(db);
    await compactOwedTotal(db);
    expect(await db.select().from(owedTotalChanges)).toHaveLength(1);
    expect(await expectTotalsMatchScan(db)).toEqual(owing);
    await db.execute(sql`truncate payments cascade`);
    await expectTotalsMatchScan(db);
  });

  it("equals the scan after many writes at once", async () => {
    const db = await getDb();
    const { customer } = await createCustomer();
    const plans = await Promise.all(Array.from({ length: 6 }, (_, n) => plan(db, customer.id, { recurring: n % 2 === 0 })));
    const ids = plans.flatMap((made) => made.visits.map((visit) => visit.id));
    await Promise.all([
      ...ids.map(async (id, n) => {
        await setVisitStatus(db, await visitOf(db, id), n % 5 === 0 ? "cancelled" : "completed");
      }),
      ...plans.map((made) =>
        db
          .insert(payments)
          .values({ customerId: customer.id, amount: 1000, scheduleId: made.plan.id, status: "completed", method: "check" }),
      ),
      ...ids
        .filter((_, n) => n % 3 === 0)
        .map((id) => db.insert(payments).values({ customerId: customer.id, amount: 1000, visitId: id, status: "completed" })),
      compactOwedTotal(db),
    ]);
    await expectTotalsMatchScan(db);
    await Promise.all([
      db
        .update(payments)
        .set({ status: "failed" })
        .where(inArray(payments.visitId, ids.slice(0, 6))),
      db
        .update(visits)
        .set({ totalPrice: 5000 })
        .where(inArray(visits.id, ids.slice(3, 9))),
      compactOwedTotal(db),
    ]);
    await expectTotalsMatchScan(db);
  });

  it.runIf(testDatabase.mode === "postgres")(
    "equals the scan when a visit is completed and paid for in two transactions at once, in either order",
    async () => {
      const db = await getDb();
      const { customer } = await createCustomer();
      const one = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      const two = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      clients.push(one, two);
      for (const completeFirst of [true, false]) {
        const { plan: made } = await plan(db, customer.id);
        let release!: () => void;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let firstDone!: () => void;
        const firstStarted = new Promise<void>((resolve) => {
          firstDone = resolve;
        });
        const complete = (sql: postgres.TransactionSql) => sql`update visits set status = 'completed' where id = ${made.id}`;
        const pay = (sql: postgres.TransactionSql) =>
          sql`insert into payments (customer_id, amount, schedule_id, status, method) values (${customer.id}, 4000, ${made.id}, 'completed', 'cash')`;
        const first = one.begin(async (sql) => {
          await (completeFirst ? complete(sql) : pay(sql));
          firstDone();
          await held;
        });
        await firstStarted;
        const second = two.begin(async (sql) => {
          await (completeFirst ? pay(sql) : complete(sql));
        });
        // The second waits on the first's lock on the visit until the first commits.
        await new Promise((resolve) => setTimeout(resolve, 100));
        release();
        await Promise.all([first, second]);
        const scanned = await expectTotalsMatchScan(db);
        const [row] = await db.select().from(unpaidVisits).where(eq(unpaidVisits.visitId, made.id));
        expect(row).toBeUndefined();
        expect(scanned.unpaidCount).toBeGreaterThanOrEqual(0);
      }
    },
  );
});
