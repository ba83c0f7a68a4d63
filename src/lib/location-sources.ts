// Where a customer's or plan's map location came from, named once for the database schema, the
// schemas and the screens. The schema imports this file by a relative path, so it imports nothing.
// The rules: docs/product-rules.md#where-each-visit-is.

/**
 * census: the US Census Geocoder matched the street address; zip: the centre of the ZIP code (the
 * fallback); pin: staff dropped the pin on the map; none: nothing could place it (no address, or
 * a ZIP we do not know). A row with no source yet waits for the geocoding job.
 */
export const LOCATION_SOURCES = ["census", "zip", "pin", "none"] as const;
export type LocationSource = (typeof LOCATION_SOURCES)[number];

export const LOCATION_SOURCE_LABELS: Record<LocationSource, string> = {
  census: "Street address",
  zip: "ZIP code centre",
  pin: "Pin dropped by staff",
  none: "Not found",
};
