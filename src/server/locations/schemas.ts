import { z } from "zod";
import { LOCATION_SOURCES } from "@/lib/location-sources";

export const ZRouteStartSchema = z.object({
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  locationSource: z.enum(LOCATION_SOURCES),
});
