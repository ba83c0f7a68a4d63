import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { ownedPayments } from "@/server/ownership/ownership";
import { customers, paymentRefunds, payments, schedules, services, visits } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";
import { PAYMENT_NOT_FOUND } from "@/lib/validation/not-found";
import type { Receipt, ReceiptCard } from "@/server/email/templates/payments";

/** The card a payment was made with, kept in its metadata when the charge is made or settled. */
export function cardOfMetadata(metadata: unknown): ReceiptCard | null {
  const card = (metadata as { card?: unknown } | null)?.card as Partial<ReceiptCard> | undefined;
  return card && typeof card.brand === "string" && typeof card.last4 === "string" ? { brand: card.brand, last4: card.last4 } : null;
}

/** The visit a payment is for: its own visit row, else (a payment taken against a plan) the plan. */
async function visitOfPayment(db: Db, payment: { visitId: number | null; scheduleId: number | null }) {
  if (payment.visitId !== null) {
    const [visit] = await db
      .select({ id: visits.id, startTime: visits.startTime, serviceName: services.name })
      .from(visits)
      .leftJoin(services, eq(services.id, visits.serviceId))
      .where(eq(visits.id, payment.visitId));
    if (visit) return { visitId: String(visit.id), serviceName: visit.serviceName ?? "Lawn and garden visit", startTime: visit.startTime };
  }
  if (payment.scheduleId === null) return null;
  const [schedule] = await db
    .select({ startTime: schedules.startTime, serviceName: services.name })
    .from(schedules)
    .leftJoin(services, eq(services.id, schedules.serviceId))
    .where(eq(schedules.id, payment.scheduleId));
  return schedule ? { visitId: null, serviceName: schedule.serviceName ?? "Lawn and garden visit", startTime: schedule.startTime } : null;
}

/**
 * A completed payment's receipt; `customerId` limits it to the payments that customer's account owns
 * (docs/product-rules.md#who-owns-a-visit), else 404.
 */
export async function getReceipt(db: Db, paymentId: number, customerId?: number): Promise<Receipt> {
  const [row] = await db
    .select({ payment: payments, customer: { fullName: customers.fullName, email: customers.email, address: customers.address } })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(schedules, eq(schedules.id, payments.scheduleId))
    .where(and(eq(payments.id, paymentId), customerId === undefined ? undefined : ownedPayments(customerId)));
  if (!row || row.payment.status !== "completed") throw new NotFoundError(PAYMENT_NOT_FOUND);
  const refunds = await db
    .select({ amount: paymentRefunds.amount, reason: paymentRefunds.reason, date: paymentRefunds.confirmedAt })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, "succeeded")))
    .orderBy(asc(paymentRefunds.id));
  const confirmed = refunds.map((refund) => ({ ...refund, date: refund.date ?? new Date() }));
  return {
    paymentId,
    amount: row.payment.amount,
    method: row.payment.method,
    paymentDate: row.payment.paymentDate,
    customer: row.customer,
    visit: await visitOfPayment(db, row.payment),
    card: cardOfMetadata(row.payment.metadata),
    refunds: confirmed,
    refundedAmount: confirmed.reduce((sum, refund) => sum + refund.amount, 0),
  };
}
