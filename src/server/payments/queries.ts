import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers, payments } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";
import { CUSTOMER_NOT_FOUND, PAYMENT_NOT_FOUND } from "@/lib/validation/not-found";

export type PaymentRow = typeof payments.$inferSelect;

/** What every reader of a payment sees: what it paid, how, when, and against which plan. */
export const PAYMENT_RECORD_COLUMNS = {
  id: payments.id,
  scheduleId: payments.scheduleId,
  amount: payments.amount,
  status: payments.status,
  method: payments.method,
  paymentDate: payments.paymentDate,
  stripePaymentId: payments.stripePaymentId,
};

/** A payment as staff and integrations read it, with the customer's name. */
const paymentColumns = {
  ...PAYMENT_RECORD_COLUMNS,
  customerId: payments.customerId,
  customerName: customers.fullName,
  stripePaymentIntent: payments.stripePaymentIntent,
  metadata: payments.metadata,
  createdAt: payments.createdAt,
  updatedAt: payments.updatedAt,
};

const RECENT_PAYMENTS_LIMIT = 200;

/** A customer's payment history, newest first; without a customer, the latest payments of all. */
export function listPayments(db: Db, filter: { customerId?: number } = {}) {
  const query = db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .orderBy(desc(payments.paymentDate), desc(payments.id));
  return filter.customerId === undefined ? query.limit(RECENT_PAYMENTS_LIMIT) : query.where(eq(payments.customerId, filter.customerId));
}

export async function getPayment(db: Db, paymentId: number) {
  const [payment] = await db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .where(eq(payments.id, paymentId));
  if (!payment) throw new NotFoundError(PAYMENT_NOT_FOUND);
  return payment;
}

/** The payment only when it belongs to that customer: someone else's answers 404, as a missing one does. */
export async function getCustomerPaymentRow(db: Db, customerId: number, paymentId: number): Promise<PaymentRow> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.customerId, customerId)));
  if (!payment) throw new NotFoundError(PAYMENT_NOT_FOUND);
  return payment;
}

export async function assertCustomerExists(db: Db, customerId: number) {
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new NotFoundError(CUSTOMER_NOT_FOUND);
}
