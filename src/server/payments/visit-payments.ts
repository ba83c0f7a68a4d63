import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { payments } from "@/server/db/schema";

/** A payment autopay made for a completed visit (onVisitCompleted in autopay.ts marks it so). */
const isAutopay = sql`(${payments.metadata} ->> 'autopay')::boolean is true`;

/**
 * How a visit just completed stands with payments, for the customer's notice: whether autopay
 * charges it (then the receipt, when the charge goes through, is the notice), and otherwise the
 * completed payment that already paid it, if any. As owed.ts counts it, a visit is paid by a
 * payment linked to it, or, for a one-time visit (whose row id is its plan's), linked to its plan.
 */
export async function visitPaymentState(
  db: Db,
  visit: { id: number; scheduleId: number },
): Promise<{ autopay: boolean; paid: { paymentId: number; amount: number } | null }> {
  const [charged] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.visitId, visit.id), isAutopay));
  if (charged) return { autopay: true, paid: null };
  const ofPlan = visit.id === visit.scheduleId ? and(isNull(payments.visitId), eq(payments.scheduleId, visit.scheduleId)) : undefined;
  const [paid] = await db
    .select({ paymentId: payments.id, amount: payments.amount })
    .from(payments)
    .where(and(eq(payments.status, "completed"), or(eq(payments.visitId, visit.id), ofPlan)))
    .orderBy(desc(payments.paymentDate), desc(payments.id))
    .limit(1);
  return { autopay: false, paid: paid ?? null };
}

/** The visit an autopay payment charged, or null for any other payment. */
export async function autopayVisitOf(db: Db, paymentId: number): Promise<number | null> {
  const [row] = await db
    .select({ visitId: payments.visitId })
    .from(payments)
    .where(and(eq(payments.id, paymentId), isAutopay));
  return row?.visitId ?? null;
}
