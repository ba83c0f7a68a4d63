import { and, count, desc, eq, gt, isNotNull, isNull, notExists, or, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers, owedTotalChanges, payments, visits } from "@/server/db/schema";

/**
 * What the business is owed: completed visits with a price and no completed payment for them, and
 * autopay charges that need the customer. A visit counts as paid by a completed payment linked to
 * it, or, for a one-time visit (whose row id is its plan's id), linked to its plan.
 */

export const UNPAID_LIMIT = 200;

export interface UnpaidVisit {
  visitId: string;
  scheduleId: number;
  customerId: number;
  customerName: string;
  startTime: Date;
  amount: number;
}

/** Completed, priced visits with no completed payment for them. */
function unpaidVisitCondition(db: Db) {
  const paid = db
    .select({ one: sql`1` })
    .from(payments)
    .where(
      and(
        eq(payments.status, "completed"),
        or(
          eq(payments.visitId, visits.id),
          and(isNull(payments.visitId), eq(payments.scheduleId, visits.scheduleId), eq(visits.id, visits.scheduleId)),
        ),
      ),
    );
  return and(eq(visits.status, "completed"), gt(visits.totalPrice, 0), notExists(paid));
}

export async function listUnpaidVisits(db: Db, limit = UNPAID_LIMIT): Promise<UnpaidVisit[]> {
  const rows = await db
    .select({
      id: visits.id,
      scheduleId: visits.scheduleId,
      customerId: visits.customerId,
      customerName: customers.fullName,
      startTime: visits.startTime,
      amount: visits.totalPrice,
    })
    .from(visits)
    .innerJoin(customers, eq(customers.id, visits.customerId))
    .where(unpaidVisitCondition(db))
    .orderBy(desc(visits.startTime))
    .limit(Math.min(limit, UNPAID_LIMIT));
  return rows.map(({ id, ...row }) => ({ visitId: String(id), ...row }));
}

/**
 * The whole debt: the list above stops at its limit, the total must not. Read from the running total
 * that triggers keep (drizzle/0013_owed_total.sql), a handful of rows, not a scan of every visit.
 */
export async function unpaidVisitTotals(db: Db) {
  const [row] = await db
    .select({
      count: sql<number>`coalesce(sum(${owedTotalChanges.unpaidCount}), 0)`.mapWith(Number),
      total: sql<number>`coalesce(sum(${owedTotalChanges.amount}), 0)`.mapWith(Number),
    })
    .from(owedTotalChanges);
  return { unpaidCount: row?.count ?? 0, owedTotal: row?.total ?? 0 };
}

/** The owed total as one SQL expression, for a statement that reads it beside other figures. */
export function owedTotalSql() {
  return sql`select coalesce(sum(${owedTotalChanges.amount}), 0) from ${owedTotalChanges}`;
}

/** Folds the running total's changes into one row (a periodic job); the total stays the same. */
export async function compactOwedTotal(db: Db) {
  await db.execute(sql`select greenscape_owed_compact()`);
}

/** The same figures from a scan of every visit: what the running total must always equal. */
export async function scanUnpaidVisitTotals(db: Db) {
  const [row] = await db
    .select({ count: count(), total: sql<number>`coalesce(sum(${visits.totalPrice}), 0)`.mapWith(Number) })
    .from(visits)
    .where(unpaidVisitCondition(db));
  return { unpaidCount: row?.count ?? 0, owedTotal: row?.total ?? 0 };
}

/** How many autopay charges wait for the customer (the dashboard shows the number only). */
export async function countFailedAutopay(db: Db) {
  const [row] = await db.select({ value: count() }).from(payments).where(failedAutopayCondition());
  return row?.value ?? 0;
}

export function failedAutopayCondition() {
  return and(isNotNull(payments.visitId), eq(payments.status, "pending"), sql`(${payments.metadata} ->> 'actionNeeded')::boolean is true`);
}

/** Autopay charges the card did not cover: still pending, with the reason the customer was given. */
export async function listFailedAutopay(db: Db) {
  const rows = await db
    .select({
      paymentId: payments.id,
      visitId: payments.visitId,
      customerId: payments.customerId,
      customerName: customers.fullName,
      amount: payments.amount,
      metadata: payments.metadata,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .where(failedAutopayCondition())
    .orderBy(desc(payments.createdAt))
    .limit(UNPAID_LIMIT);
  return rows.map(({ metadata, visitId, ...row }) => ({
    ...row,
    visitId: String(visitId),
    reason: String((metadata as { failureMessage?: unknown } | null)?.failureMessage ?? "The card charge needs the customer."),
  }));
}

export async function owedSummary(db: Db, limit = UNPAID_LIMIT) {
  const [unpaidVisits, failedAutopay, totals] = await Promise.all([
    listUnpaidVisits(db, limit),
    listFailedAutopay(db),
    unpaidVisitTotals(db),
  ]);
  return { unpaidVisits, failedAutopay, ...totals };
}
