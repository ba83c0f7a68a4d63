import { eq } from "drizzle-orm";
import type { TPin } from "@/lib/validation/locations";
import type { Db } from "@/server/db";
import { customers, schedules } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";

/**
 * Staff drop the pin where the address really is (a new street the geocoder does not know, a gate
 * round the back). The pin stays until the address changes (docs/product-rules.md#where-each-visit-is).
 */
export async function pinCustomer(db: Db, customerId: number, pin: TPin) {
  const [row] = await db
    .update(customers)
    .set({ latitude: pin.latitude, longitude: pin.longitude, locationSource: "pin", updatedAt: new Date() })
    .where(eq(customers.id, customerId))
    .returning({
      id: customers.id,
      latitude: customers.latitude,
      longitude: customers.longitude,
      locationSource: customers.locationSource,
    });
  if (!row) throw new NotFoundError("Customer not found");
  return row;
}

/** A plan's pin places every one of its visits, on the route and its map. */
export async function pinPlan(db: Db, scheduleId: number, pin: TPin) {
  const [row] = await db
    .update(schedules)
    .set({ latitude: pin.latitude, longitude: pin.longitude, locationSource: "pin", updatedAt: new Date() })
    .where(eq(schedules.id, scheduleId))
    .returning({
      id: schedules.id,
      latitude: schedules.latitude,
      longitude: schedules.longitude,
      locationSource: schedules.locationSource,
    });
  if (!row) throw new NotFoundError("Schedule not found");
  return row;
}

export async function getCustomerLocation(db: Db, customerId: number) {
  const [row] = await db
    .select({ id: customers.id, latitude: customers.latitude, longitude: customers.longitude, locationSource: customers.locationSource })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) throw new NotFoundError("Customer not found");
  return row;
}
