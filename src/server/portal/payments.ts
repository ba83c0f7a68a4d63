import { and, desc, eq, gte } from "drizzle-orm";
import type { Db } from "@/server/db";
import { payments } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";
import { historyHiddenBefore, isVisible } from "./history-visibility";

export const PAYMENT_NOT_FOUND = "Payment not found";

const PAYMENT_COLUMNS = {
  id: payments.id,
  scheduleId: payments.scheduleId,
  amount: payments.amount,
  status: payments.status,
  method: payments.method,
  paymentDate: payments.paymentDate,
  stripePaymentId: payments.stripePaymentId,
  createdAt: payments.createdAt,
};

/** The customer's own payments, newest first (beyond.md 5). */
export async function listCustomerPayments(db: Db, customerId: number) {
  const hiddenBefore = await historyHiddenBefore(db, customerId);
  return db
    .select(PAYMENT_COLUMNS)
    .from(payments)
    .where(and(eq(payments.customerId, customerId), hiddenBefore ? gte(payments.createdAt, hiddenBefore) : undefined))
    .orderBy(desc(payments.paymentDate), desc(payments.id));
}

export async function getCustomerPayment(db: Db, customerId: number, paymentId: number) {
  const [payment] = await db
    .select(PAYMENT_COLUMNS)
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.customerId, customerId)));
  if (!payment || !isVisible(payment.createdAt, await historyHiddenBefore(db, customerId))) {
    throw new NotFoundError(PAYMENT_NOT_FOUND);
  }
  return payment;
}
