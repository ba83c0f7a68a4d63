import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { businessDateOf, businessInstant, type DateString } from "@/lib/business-time";
import { payments, schedules, services } from "@/server/db/schema";
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
  visitStart: schedules.startTime,
  serviceName: services.name,
};

const SERIES_VISIT_DATE = /-(\d{4}-\d{2}-\d{2})$/;

/** The visit a payment is for: its service and day (a series visit's own day comes from its id). */
function visitOf(payment: { scheduleId: number | null; visitId: string | null; visitStart: Date | null; serviceName: string | null }) {
  if (payment.scheduleId === null || !payment.visitStart) return null;
  const seriesDate = payment.visitId ? SERIES_VISIT_DATE.exec(payment.visitId)?.[1] : undefined;
  const day = seriesDate ? businessInstant(seriesDate as DateString, "12:00") : businessInstant(businessDateOf(payment.visitStart), "12:00");
  return { serviceName: payment.serviceName ?? "Lawn and garden visit", date: day };
}

/** What the customer must do about an autopay charge that needs them, or null. */
function withActionNeeded<T extends { status: string; metadata: unknown; scheduleId: number | null; visitId: string | null; visitStart: Date | null; serviceName: string | null }>({
  metadata,
  visitStart,
  serviceName,
  ...payment
}: T) {
  const { actionNeeded, failureMessage } = (metadata ?? {}) as { actionNeeded?: boolean; failureMessage?: string };
  return {
    ...payment,
    visit: visitOf({ ...payment, visitStart, serviceName }),
    actionNeeded: payment.status === "pending" && actionNeeded ? (failureMessage ?? "The card charge needs your attention.") : null,
  };
}

/** The customer's own payments, newest first, once the email is confirmed (see history-visibility.ts). */
export async function listCustomerPayments(db: Db, customerId: number) {
  if (await unconfirmedSince(db, customerId)) return [];
  const rows = await db
    .select(PAYMENT_COLUMNS)
    .from(payments)
    .leftJoin(schedules, eq(schedules.id, payments.scheduleId))
    .leftJoin(services, eq(services.id, schedules.serviceId))
    .where(eq(payments.customerId, customerId))
    .orderBy(desc(payments.paymentDate), desc(payments.id));
  return rows.map(withActionNeeded);
}

export async function getCustomerPayment(db: Db, customerId: number, paymentId: number) {
  const [payment] = await db
    .select(PAYMENT_COLUMNS)
    .from(payments)
    .leftJoin(schedules, eq(schedules.id, payments.scheduleId))
    .leftJoin(services, eq(services.id, schedules.serviceId))
    .where(and(eq(payments.id, paymentId), eq(payments.customerId, customerId)));
  if (!payment || (await unconfirmedSince(db, customerId))) {
    throw new NotFoundError(PAYMENT_NOT_FOUND);
  }
  return withActionNeeded(payment);
}
