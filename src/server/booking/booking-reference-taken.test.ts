import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ZCreateBookingRequestSchema } from "@/lib/validation/booking";
import { getDb } from "@/server/db";
import { rowsOf } from "@/server/db/rows";
import { customers, schedules, visits } from "@/server/db/schema";
import { announceBookingQueue } from "@/server/notifications/booking-announcement";
import { bookableServices, bookingRequest } from "#test/fixtures/bookings";
import { createBooking } from "./create-booking";

/** References handed out in turn before the real generator's: a test replays one already taken. */
const replayed: string[] = [];

vi.mock("./booking-reference", async (importOriginal) => {
  const original = await importOriginal<typeof import("./booking-reference")>();
  return { ...original, newBookingReference: () => replayed.shift() ?? original.newBookingReference() };
});

afterEach(() => {
  replayed.length = 0;
});

async function bookedBy(email: string) {
  const db = await getDb();
  const [customer] = await db.select().from(customers).where(eq(customers.email, email));
  const plans = customer ? await db.select().from(schedules).where(eq(schedules.customerId, customer.id)) : [];
  const jobs = customer
    ? rowsOf(
        await db.execute(
          sql`select id from pgboss.job where name = ${announceBookingQueue.name} and (data->>'customerId')::int = ${customer.id}`,
        ),
      )
    : [];
  return { customer, plans, jobs };
}

describe("a booking reference already taken", () => {
  it("makes the booking again whole under a new reference: one plan, one visit, one announcement", async () => {
    const db = await getDb();
    const { flat } = await bookableServices();
    const first = await createBooking(db, { request: ZCreateBookingRequestSchema.parse(bookingRequest({ serviceId: flat.id })) });

    replayed.push(first.bookingReference);
    const request = ZCreateBookingRequestSchema.parse(bookingRequest({ serviceId: flat.id, email: "second.try@example.com" }));
    const second = await createBooking(db, { request });

    expect(second.bookingReference).not.toBe(first.bookingReference);
    const { customer, plans, jobs } = await bookedBy("second.try@example.com");
    expect(customer).toBeDefined();
    expect(plans.map((plan) => plan.bookingReference)).toEqual([second.bookingReference]);
    expect(plans[0]!.id).toBe(second.scheduleId);
    const placed = await db.select().from(visits).where(eq(visits.scheduleId, second.scheduleId));
    expect(placed).toHaveLength(1);
    expect(jobs).toHaveLength(1);
  });

  it("gives up after five attempts rather than trying for ever, and leaves nothing behind", async () => {
    const db = await getDb();
    const { flat } = await bookableServices();
    const first = await createBooking(db, { request: ZCreateBookingRequestSchema.parse(bookingRequest({ serviceId: flat.id })) });

    replayed.push(...Array.from({ length: 5 }, () => first.bookingReference));
    const request = ZCreateBookingRequestSchema.parse(bookingRequest({ serviceId: flat.id, email: "never.booked@example.com" }));
    await expect(createBooking(db, { request })).rejects.toThrow();

    expect(replayed).toEqual([]);
    const { customer, plans, jobs } = await bookedBy("never.booked@example.com");
    expect(customer).toBeUndefined();
    expect(plans).toEqual([]);
    expect(jobs).toEqual([]);
  });
});
