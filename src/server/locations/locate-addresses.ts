import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { completePostalAddress } from "@/lib/postal-address";
import type { Db } from "@/server/db";
import { customers, schedules } from "@/server/db/schema";
import type { Geocoder, PostalAddress } from "./geocoder";

/** How many addresses one run of the job places at most; the next run goes on where it stopped. */
export const LOCATE_BATCH = 100;

/** Census requests in flight at once: polite to a free service, quick enough for a backfill. */
const PARALLEL_REQUESTS = 4;

type Located = PostalAddress & { id: number };

async function inBatches<T>(items: T[], work: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += PARALLEL_REQUESTS) {
    await Promise.all(items.slice(start, start + PARALLEL_REQUESTS).map(work));
  }
}

function sameAddress(table: typeof customers | typeof schedules, row: PostalAddress) {
  // Saved only if the address is still the one placed: an edit meanwhile waits for the next run.
  return sql`(${table.address}, ${table.city}, ${table.state}, ${table.zipCode}) is not distinct from (${row.address}::text, ${row.city}::text, ${row.state}::text, ${row.zipCode}::text)`;
}

async function locateRows(db: Db, table: typeof customers | typeof schedules, geocoder: Geocoder, limit: number): Promise<number> {
  const pending: Located[] = await db
    .select({ id: table.id, address: table.address, city: table.city, state: table.state, zipCode: table.zipCode })
    .from(table)
    .where(isNull(table.locationSource))
    .orderBy(asc(table.id))
    .limit(limit);
  await inBatches(pending, async (row) => {
    const hasAddress = [row.address, row.zipCode].some((part) => part?.trim());
    // Read a city, state and ZIP typed on the street line, as older rows and other writers keep them.
    const found = hasAddress ? await geocoder(completePostalAddress(row)) : null;
    await db
      .update(table)
      .set(
        found
          ? { latitude: found.latitude, longitude: found.longitude, locationSource: found.source }
          : { latitude: null, longitude: null, locationSource: "none" },
      )
      .where(and(eq(table.id, row.id), isNull(table.locationSource), sameAddress(table, row)));
  });
  return pending.length;
}

/**
 * Places customers and plans whose address has no location yet: new and edited addresses (the
 * trigger in drizzle/0016_locations.sql clears an edited one) and, after the upgrade, every
 * existing row. Safe to run twice at once: a row is written only while it is still unplaced.
 */
export async function locatePendingAddresses(db: Db, geocoder: Geocoder, limit = LOCATE_BATCH) {
  const customersSeen = await locateRows(db, customers, geocoder, limit);
  const plansSeen = await locateRows(db, schedules, geocoder, limit);
  return { customers: customersSeen, plans: plansSeen, more: customersSeen === limit || plansSeen === limit };
}
