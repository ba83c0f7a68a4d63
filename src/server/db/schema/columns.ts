import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, doublePrecision, index, text, timestamp } from "drizzle-orm/pg-core";
import { LOCATION_SOURCES, type LocationSource } from "../../../lib/location-sources";

/** Every instant is stored as timestamptz; business rules read it in America/Chicago. */
export const instant = (name?: string) =>
  name ? timestamp(name, { withTimezone: true, mode: "date" }) : timestamp({ withTimezone: true, mode: "date" });

export const createdAt = () => instant().notNull().defaultNow();

/** The values as SQL literals for a check constraint (they are our own constants, never input). */
export function sqlList(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(", "));
}

/**
 * Where an address is on the map, on a table that has one (docs/product-rules.md#where-each-visit-is).
 * Spread into the columns; `locationConstraints` adds what goes with them.
 */
export const locationColumns = () => ({
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  /**
   * Where latitude/longitude came from; null while the geocoding job has yet to place the address.
   * A trigger (drizzle/0016_locations.sql) clears the location whenever the address changes.
   */
  locationSource: text().$type<LocationSource>(),
});

/** The location source's check, and the geocoding job's work list: the rows whose address has not been placed yet. */
export const locationConstraints = (table: string, t: { id: AnyPgColumn; locationSource: AnyPgColumn }) => [
  check(`${table}_location_source_check`, sql`${t.locationSource} is null or ${t.locationSource} in (${sqlList(LOCATION_SOURCES)})`),
  index(`${table}_unlocated_idx`).on(t.id).where(sql`${t.locationSource} is null`),
];
