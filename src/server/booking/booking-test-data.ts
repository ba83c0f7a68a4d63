import { addDays, businessInstant, businessToday } from "@/lib/business-time";
import { getDb } from "@/server/db";
import { createPlanVisits } from "@/server/schedules/plan-visits";
import { schedules, services, type ScheduleStatus } from "@/server/db/schema";
import type { TCreateBookingRequestInput } from "@/lib/validation/booking";

let counter = 0;

/** A date `days` after today in Austin: far enough ahead to be bookable whatever the hour. */
export function daysAhead(days: number): string {
  return addDays(businessToday(), days);
}

export async function bookableServices() {
  const db = await getDb();
  const flat = (await db.insert(services).values({ name: "Basic Lawn Mowing", price: 3500, duration: 60 }).returning())[0]!;
  const perSqFt = (
    await db
      .insert(services)
      .values({ name: "Premium Lawn Care", price: 6000, pricePerSqFt: 6, duration: 90, category: "mowing" })
      .returning()
  )[0]!;
  return { flat, perSqFt };
}

/** A complete, valid booking as the wizard sends it; every test changes only what it is about. */
export function bookingRequest(overrides: Partial<TCreateBookingRequestInput> = {}): TCreateBookingRequestInput {
  counter += 1;
  return {
    serviceId: 1,
    address: "1100 Congress Ave",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    // Each booking on a day of its own unless a test says otherwise, so tests never share a slot.
    date: daysAhead(30 + counter),
    timeSlot: "10:00",
    isRecurring: false,
    recurringFrequency: "weekly",
    specialInstructions: "Gate code 1234",
    fullName: "Jordan Rivera",
    email: `jordan.${Date.now()}.${counter}@example.com`,
    phone: "5125550123",
    ...overrides,
  };
}

/** A visit already on the calendar, as staff or an earlier booking would have left it. */
export async function existingVisit(options: {
  customerId: number;
  serviceId: number;
  date: string;
  time: string;
  minutes: number;
  status?: ScheduleStatus;
  recurringFrequency?: "weekly" | "biweekly" | "monthly";
}) {
  const db = await getDb();
  const startTime = businessInstant(options.date, options.time);
  const [row] = await db
    .insert(schedules)
    .values({
      customerId: options.customerId,
      serviceId: options.serviceId,
      date: startTime,
      startTime,
      endTime: new Date(startTime.getTime() + options.minutes * 60_000),
      status: options.status ?? "confirmed",
      isRecurring: Boolean(options.recurringFrequency),
      recurringFrequency: options.recurringFrequency ?? null,
      totalPrice: 3500,
    })
    .returning();
  await createPlanVisits(db, row!, "staff", startTime);
  return row!;
}
