import { eq } from "drizzle-orm";
import type { TPin } from "@/lib/validation/locations";
import type { Db } from "@/server/db";
import { customers, schedules } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";

/** What can carry a pin: a customer, or a plan (every one of its visits, on the route and its map). */
const PINNABLE = {
  customer: { table: customers, notFound: CUSTOMER_NOT_FOUND },
  plan: { table: schedules, notFound: "Schedule not found" },
} as const;

type Pinnable = (typeof PINNABLE)[keyof typeof PINNABLE]["table"];

/** The answer about where a row is on the map, and where that came from. */
const locationOf = (table: Pinnable) => ({
  id: table.id,
  latitude: table.latitude,
  longitude: table.longitude,
  locationSource: table.locationSource,
});

/**
 * Staff drop the pin where the address really is (a new street the geocoder does not know, a gate
 * round the back). The pin stays until the address changes (docs/product-rules.md#where-each-visit-is).
 */
export async function dropPin(db: Db, on: keyof typeof PINNABLE, id: number, pin: TPin) {
  const { table, notFound } = PINNABLE[on];
  const [row] = await db
    .update(table)
    .set({ latitude: pin.latitude, longitude: pin.longitude, locationSource: "pin", updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning(locationOf(table));
  if (!row) throw new NotFoundError(notFound);
  return row;
}

export async function getCustomerLocation(db: Db, customerId: number) {
  const [row] = await db.select(locationOf(customers)).from(customers).where(eq(customers.id, customerId));
  if (!row) throw new NotFoundError(PINNABLE.customer.notFound);
  return row;
}
