import { asc } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers, messages, payments, schedules, visits } from "@/server/db/schema";
import { CUSTOMER_CONTACT_COLUMNS } from "@/server/db/customer-columns";

/**
 * Settings, Advanced, Export Data: the business's records as plain rows.
 * Customers are listed column by column so a password hash can never leak into a file. Schedules
 * are the plans; visits are what happens, one row each (a series' visits are generated a year ahead).
 */
export async function exportBusinessData(db: Db, now = new Date()) {
  const [customerRows, scheduleRows, visitRows, messageRows, paymentRows] = await Promise.all([
    db
      .select({
        ...CUSTOMER_CONTACT_COLUMNS,
        notes: customers.notes,
        isVerified: customers.isVerified,
        createdAt: customers.createdAt,
      })
      .from(customers)
      .orderBy(asc(customers.id)),
    db
      .select({
        id: schedules.id,
        customerId: schedules.customerId,
        serviceId: schedules.serviceId,
        date: schedules.date,
        startTime: schedules.startTime,
        endTime: schedules.endTime,
        status: schedules.status,
        notes: schedules.notes,
        isRecurring: schedules.isRecurring,
        recurringFrequency: schedules.recurringFrequency,
        recurringEndDate: schedules.recurringEndDate,
        lawnSizeSqFt: schedules.lawnSizeSqFt,
        totalPrice: schedules.totalPrice,
        specialInstructions: schedules.specialInstructions,
        address: schedules.address,
        city: schedules.city,
        state: schedules.state,
        zipCode: schedules.zipCode,
        bookingReference: schedules.bookingReference,
      })
      .from(schedules)
      .orderBy(asc(schedules.id)),
    db.select().from(visits).orderBy(asc(visits.startTime), asc(visits.id)),
    db
      .select({
        id: messages.id,
        customerId: messages.customerId,
        userId: messages.userId,
        senderType: messages.senderType,
        content: messages.content,
        timestamp: messages.timestamp,
        read: messages.read,
      })
      .from(messages)
      .orderBy(asc(messages.id)),
    db
      .select({
        id: payments.id,
        customerId: payments.customerId,
        scheduleId: payments.scheduleId,
        visitId: payments.visitId,
        amount: payments.amount,
        status: payments.status,
        method: payments.method,
        paymentDate: payments.paymentDate,
        stripePaymentId: payments.stripePaymentId,
        stripePaymentIntent: payments.stripePaymentIntent,
      })
      .from(payments)
      .orderBy(asc(payments.id)),
  ]);
  return {
    exportedAt: now,
    customers: customerRows,
    schedules: scheduleRows,
    visits: visitRows,
    messages: messageRows,
    payments: paymentRows,
  };
}
