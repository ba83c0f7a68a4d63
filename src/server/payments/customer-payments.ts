import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { businessDateOf, businessInstant } from "@/lib/business-time";
import { payments, schedules, services, visits } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";
import { ownedPayments } from "@/server/ownership/ownership";
import { PAYMENT_RECORD_COLUMNS } from "@/server/payments/queries";
import { PAYMENT_NOT_FOUND } from "@/lib/validation/not-found";

const PAYMENT_COLUMNS = {
  ...PAYMENT_RECORD_COLUMNS,
  createdAt: payments.createdAt,
  visitId: payments.visitId,
  metadata: payments.metadata,
  // The payment's own visit row when it has one, else the plan it was taken against.
  visitStart: sql<Date | null>`coalesce(${visits.startTime}, ${schedules.startTime})`.mapWith(visits.startTime),
  serviceName: services.name,
};

/** The visit a payment is for: its service and the day it takes place. */
function visitOf(payment: { visitStart: Date | null; serviceName: string | null }) {
  if (!payment.visitStart) return null;
  return {
    serviceName: payment.serviceName ?? "Lawn and garden visit",
    date: businessInstant(businessDateOf(payment.visitStart), "12:00"),
  };
}

/** Joins a payment's visit row, its plan, and the service of the visit (or else of the plan). */
function fromPaymentsWithVisits(db: Db) {
  return db
    .select(PAYMENT_COLUMNS)
    .from(payments)
    .leftJoin(visits, eq(visits.id, payments.visitId))
    .leftJoin(schedules, eq(schedules.id, payments.scheduleId))
    .leftJoin(services, eq(services.id, sql`coalesce(${visits.serviceId}, ${schedules.serviceId})`));
}

/** What the customer must do about an autopay charge that needs them, or null. */
function withActionNeeded<
  T extends { status: string; metadata: unknown; visitId: number | null; visitStart: Date | null; serviceName: string | null },
>({ metadata, visitStart, serviceName, visitId, ...payment }: T) {
  const { actionNeeded, failureMessage } = (metadata ?? {}) as { actionNeeded?: boolean; failureMessage?: string };
  return {
    ...payment,
    visitId: visitId === null ? null : String(visitId),
    visit: visitOf({ visitStart, serviceName }),
    actionNeeded: payment.status === "pending" && actionNeeded ? (failureMessage ?? "The card charge needs your attention.") : null,
  };
}

/** The payments the account owns (docs/product-rules.md#who-owns-a-visit), newest first. */
export async function listCustomerPayments(db: Db, customerId: number) {
  const rows = await fromPaymentsWithVisits(db).where(ownedPayments(customerId)).orderBy(desc(payments.paymentDate), desc(payments.id));
  return rows.map(withActionNeeded);
}

export async function getCustomerPayment(db: Db, customerId: number, paymentId: number) {
  const [payment] = await fromPaymentsWithVisits(db).where(and(eq(payments.id, paymentId), ownedPayments(customerId)));
  if (!payment) throw new NotFoundError(PAYMENT_NOT_FOUND);
  return withActionNeeded(payment);
}
