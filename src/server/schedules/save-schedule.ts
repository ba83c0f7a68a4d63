import { eq } from "drizzle-orm";
import { bookingPrice } from "@/lib/pricing";
import { SCHEDULE_MESSAGES, type TSchedulePayload } from "@/lib/validation/schedule";
import type { Db } from "@/server/db";
import { customers, schedules, services } from "@/server/db/schema";
import { InvalidInputError, NotFoundError } from "@/server/errors";
import { announceVisitChange } from "@/server/notifications/visit-changes";
import { findNotifiableVisit } from "@/server/notifications/visit-source";

export async function getSchedule(db: Db, id: number) {
  const [row] = await db
    .select({
      schedule: schedules,
      customer: { fullName: customers.fullName, address: customers.address },
      service: { name: services.name, duration: services.duration },
    })
    .from(schedules)
    .innerJoin(customers, eq(customers.id, schedules.customerId))
    .leftJoin(services, eq(services.id, schedules.serviceId))
    .where(eq(schedules.id, id));
  if (!row) throw new NotFoundError("Schedule not found");
  return { ...row.schedule, customer: row.customer, service: row.service?.name ? row.service : null };
}

/**
 * The stored fields of a payload. Spec 3 makes totalPrice required: when the caller leaves it
 * out, it is the chosen service's price for this lawn, less the recurring discount (spec 9).
 */
async function scheduleValues(db: Db, payload: TSchedulePayload) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, payload.customerId));
  if (!customer) throw new InvalidInputError(SCHEDULE_MESSAGES.customer, "customerId");

  let totalPrice = payload.totalPrice;
  if (payload.serviceId != null) {
    const [service] = await db.select().from(services).where(eq(services.id, payload.serviceId));
    if (!service) throw new InvalidInputError(SCHEDULE_MESSAGES.service, "serviceId");
    totalPrice ??= bookingPrice(service, { lawnSizeSqFt: payload.lawnSizeSqFt, isRecurring: payload.isRecurring }).total;
  }
  if (totalPrice === undefined) throw new InvalidInputError(SCHEDULE_MESSAGES.service, "serviceId");

  return {
    customerId: payload.customerId,
    serviceId: payload.serviceId ?? null,
    date: payload.date,
    startTime: payload.startTime,
    endTime: payload.endTime,
    status: payload.status,
    notes: payload.notes ?? null,
    isRecurring: payload.isRecurring,
    recurringFrequency: payload.recurringFrequency,
    recurringEndDate: payload.recurringEndDate,
    lawnSizeSqFt: payload.lawnSizeSqFt ?? null,
    totalPrice,
    specialInstructions: payload.specialInstructions ?? null,
    // A visit happens at the customer's address unless the schedule names another one.
    address: payload.address ?? customer.address,
    city: payload.city ?? customer.city,
    state: payload.state ?? customer.state,
    zipCode: payload.zipCode ?? customer.zipCode,
  };
}

export async function createSchedule(db: Db, payload: TSchedulePayload) {
  const values = await scheduleValues(db, payload);
  const [created] = await db.insert(schedules).values(values).returning({ id: schedules.id });
  return getSchedule(db, created!.id);
}

export async function updateSchedule(db: Db, id: number, payload: TSchedulePayload) {
  const values = await scheduleValues(db, payload);
  await db.transaction(async (tx) => {
    // A one-time schedule is its visit: a new time or status is news for the customer.
    const before = await findNotifiableVisit(tx, String(id));
    const [updated] = await tx
      .update(schedules)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(schedules.id, id))
      .returning({ id: schedules.id });
    if (!updated) throw new NotFoundError("Schedule not found");
    const after = await findNotifiableVisit(tx, String(id));
    if (before && after) await announceVisitChange(tx, before, after);
  });
  return getSchedule(db, id);
}
