import { eq } from "drizzle-orm";
import { z } from "zod";
import { LOCATION_SOURCES } from "@/lib/location-sources";
import { ZRouteStartFormSchema, type TRouteStartForm } from "@/lib/validation/locations";
import type { Db } from "@/server/db";
import { businessSettings } from "@/server/db/schema";
import { configuredGeocoder, type Geocoder } from "./geocoder";

export const ROUTE_START_SETTING = "route_start";

const ZStoredRouteStart = ZRouteStartFormSchema.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  locationSource: z.enum(LOCATION_SOURCES),
});

export type RouteStart = z.output<typeof ZStoredRouteStart>;

/** Where each crew's day begins; null until an owner sets it (routes then start at the first stop). */
export async function getRouteStart(db: Db): Promise<RouteStart | null> {
  const [row] = await db
    .select({ value: businessSettings.value })
    .from(businessSettings)
    .where(eq(businessSettings.key, ROUTE_START_SETTING));
  const parsed = ZStoredRouteStart.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

/**
 * Saves the start address and places it at once: one address, saved rarely, by an owner who wants to
 * see it on the map. The geocoder's short timeout and ZIP fallback bound the wait.
 */
export async function saveRouteStart(db: Db, form: TRouteStartForm, geocoder: Geocoder = configuredGeocoder()): Promise<RouteStart> {
  const found = await geocoder(form);
  const value: RouteStart = {
    ...form,
    latitude: found?.latitude ?? null,
    longitude: found?.longitude ?? null,
    locationSource: found?.source ?? "none",
  };
  await db
    .insert(businessSettings)
    .values({ key: ROUTE_START_SETTING, value })
    .onConflictDoUpdate({ target: businessSettings.key, set: { value, updatedAt: new Date() } });
  return value;
}
