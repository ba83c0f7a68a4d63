import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { payments } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";
import { unconfirmedSince } from "./history-visibility";

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
  visitId: payments.visitId,
  metadata: payments.metadata,
};

/** What the customer must do about an autopay charge that needs them, or null. */
function withActionNeeded<T extends { status: string; metadata: unknown }>({ metadata, ...payment }: T) {
  const { actionNeeded, failureMessage } = (metadata ?? {}) as { actionNeeded?: boolean; failureMessage?: string };
  return { ...payment, actionNeeded: payment.status === "pending" && actionNeeded ? (failureMessage ?? "The card charge needs your attention.") : null };
}

/** The customer's own payments, newest first, once the email is confirmed (see history-visibility.ts). */
export async function listCustomerPayments(db: Db, customerId: number) {
  if (await unconfirmedSince(db, customerId)) return [];
  const rows = await db
    .select(PAYMENT_COLUMNS)
    .from(payments)
    .where(eq(payments.customerId, customerId))
    .orderBy(desc(payments.paymentDate), desc(payments.id));
  return rows.map(withActionNeeded);
}

export async function getCustomerPayment(db: Db, customerId: number, paymentId: number) {
  const [payment] = await db
    .select(PAYMENT_COLUMNS)
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.customerId, customerId)));
  if (!payment || (await unconfirmedSince(db, customerId))) {
    throw new NotFoundError(PAYMENT_NOT_FOUND);
  }
  return withActionNeeded(payment);
}
