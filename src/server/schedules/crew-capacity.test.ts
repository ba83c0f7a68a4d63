import { describe, expect, it } from "vitest";
import { businessInstant } from "@/lib/business-time";
import { getDb } from "@/server/db";
import { schedules } from "@/server/db/schema";
import { createCustomer } from "#test/support/helpers";
import { bookableServices, daysAhead, existingVisit } from "#test/fixtures/bookings";
import { countOverlappingVisits, getCrewCapacity, lockCapacityForDates, lockDayAndCount, setCrewCapacity } from "./crew-capacity";
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
