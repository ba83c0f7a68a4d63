import { describe, expect, it } from "vitest";
import { businessInstant } from "@/lib/business-time";
import { getDb } from "@/server/db";
import { eq } from "drizzle-orm";
import { postgresErrorCode } from "@/server/db/errors";
import { schedules, services, visits } from "@/server/db/schema";
import { createCustomer } from "#test/support/helpers";
import { bookableServices, daysAhead, existingVisit } from "#test/fixtures/bookings";
import {
  countOverlappingVisits,
  getCrewCapacity,
  lockCapacityForDates,
  lockDayAndCount,
  EVERY_CREW_TAKEN,
  placeVisitOrRefuse,
  setCrewCapacity,
} from "./crew-capacity";
import { createPlanVisits } from "./plan-visits";

describe("lockDayAndCount", () => {
  it("counts what countOverlappingVisits and getCrewCapacity count: crew-holding visits overlapping the slot, and the active crews", async () => {
    const db = await getDb();
    await setCrewCapacity(db, 3);
    const { customer } = await createCustomer({ fullName: "Count Check" });
    const { flat } = await bookableServices();
    const date = daysAhead(61);
    const visit = (time: string, minutes: number, status?: "pending" | "confirmed" | "cancelled" | "completed") =>
      existingVisit({ customerId: customer.id, serviceId: flat.id, date, time, minutes, status });
    await visit("08:00", 150); // runs into the slot
    await visit("10:00", 60, "pending");
    await visit("10:30", 60, "cancelled"); // holds no crew
    await visit("10:00", 60, "completed"); // holds no crew
    await visit("11:00", 60); // starts as the slot ends

    const slot = { start: businessInstant(date, "10:00"), end: businessInstant(date, "11:00") };
    const counted = await db.transaction((tx) => lockDayAndCount(tx, date, slot));

    expect(counted).toEqual({ busy: 2, capacity: 3 });
    expect(counted.busy).toBe(await countOverlappingVisits(db, slot));
    expect(counted.capacity).toBe(await getCrewCapacity(db));
  });

  it("waits for the day's lock, then counts the visit its holder committed meanwhile", async () => {
    const db = await getDb();
    const { customer } = await createCustomer({ fullName: "Lock Holder" });
    const { flat } = await bookableServices();
    const date = daysAhead(62);
    const slot = { start: businessInstant(date, "14:00"), end: businessInstant(date, "15:00") };

    let lockTaken!: () => void;
    const taken = new Promise<void>((resolve) => (lockTaken = resolve));
    let letGo!: () => void;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    const holder = db.transaction(async (tx) => {
      await lockCapacityForDates(tx, [date]);
      lockTaken();
      await released;
      const [plan] = await tx
        .insert(schedules)
        .values({
          customerId: customer.id,
          serviceId: flat.id,
          date: slot.start,
          startTime: slot.start,
          endTime: slot.end,
          status: "pending",
          totalPrice: 3500,
        })
        .returning();
      await createPlanVisits(tx, plan!, "staff");
    });
    await taken;
    // The count starts while the lock is held and must not answer from before the holder's commit.
    const counting = db.transaction((tx) => lockDayAndCount(tx, date, slot));
    const answeredEarly = await Promise.race([counting.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 200))]);
    letGo();
    await holder;

    expect(answeredEarly).toBe(false);
    expect((await counting).busy).toBe(1);
  });
});

describe("placeVisitOrRefuse", () => {
  /** A one-time plan with every field a visit takes over from its plan set. */
  async function onePlan(date: string, time: string) {
    const db = await getDb();
    const { customer } = await createCustomer({ fullName: "Placed Visit" });
    const [service] = await db.select().from(services).where(eq(services.name, "Premium Lawn Care")).limit(1);
    const perSqFt = service ?? (await bookableServices()).perSqFt;
    const start = businessInstant(date as `${number}-${number}-${number}`, time);
    const [plan] = await db
      .insert(schedules)
      .values({
        customerId: customer.id,
        serviceId: perSqFt.id,
        date: start,
        startTime: start,
        endTime: new Date(start.getTime() + 90 * 60_000),
        status: "pending",
        totalPrice: 5150,
        lawnSizeSqFt: 2400,
        notes: "Gate code 1234",
        specialInstructions: "Mind the dog",
        address: "12 Oak St",
        city: "Austin",
        state: "TX",
        zipCode: "78701",
      })
      .returning();
    return plan!;
  }

  it("writes the visit createPlanVisits writes for the same plan", async () => {
    const db = await getDb();
    await setCrewCapacity(db, 3);
    const date = daysAhead(63);
    const placedPlan = await onePlan(date, "09:00");
    const madePlan = await onePlan(date, "09:00");

    await db.transaction((tx) => placeVisitOrRefuse(tx, placedPlan, "booked"));
    await db.transaction((tx) => createPlanVisits(tx, madePlan, "booked"));

    const rowOf = async (planId: number) => {
      const [visit] = await db.select().from(visits).where(eq(visits.scheduleId, planId));
      const { id, scheduleId, customerId, createdAt, updatedAt, ...fields } = visit!;
      expect(id).toBe(planId);
      return fields;
    };
    expect(await rowOf(placedPlan.id)).toEqual(await rowOf(madePlan.id));
  });

  it("when every crew is taken, fails with EVERY_CREW_TAKEN and undoes its transaction", async () => {
    const db = await getDb();
    await setCrewCapacity(db, 1);
    const date = daysAhead(65);
    const placedPlan = await onePlan(date, "11:00");
    const refusedPlan = await onePlan(date, "11:30");

    await db.transaction((tx) => placeVisitOrRefuse(tx, placedPlan, "booked"));
    expect(await db.select().from(visits).where(eq(visits.scheduleId, placedPlan.id))).toHaveLength(1);

    const refused = await db
      .transaction(async (tx) => {
        await tx.update(schedules).set({ notes: "written before the refusal" }).where(eq(schedules.id, refusedPlan.id));
        await placeVisitOrRefuse(tx, refusedPlan, "booked");
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(postgresErrorCode(refused)).toBe(EVERY_CREW_TAKEN);
    expect(await db.select().from(visits).where(eq(visits.scheduleId, refusedPlan.id))).toEqual([]);
    const [kept] = await db.select({ notes: schedules.notes }).from(schedules).where(eq(schedules.id, refusedPlan.id));
    expect(kept?.notes).toBe("Gate code 1234");
  });
});
