import { z } from "zod";
import { requiredText } from "./fields";

export const LOCATION_MESSAGES = {
  latitude: "Latitude must be a number of degrees north",
  longitude: "Longitude must be a number of degrees east",
  outsideArea: "Drop the pin in or near Greater Austin",
  address: "Street address is required",
  city: "City is required",
  state: "State must be two letters, such as TX",
  zipCode: "Valid ZIP code is required",
} as const;

/**
 * Where a dropped pin may land: a generous box around the Greater Austin service area (about 150 km
 * each way), so a slip of the finger onto another state, or a forged request, is refused.
 */
export const PIN_AREA = { south: 29.2, north: 31.4, west: -99.2, east: -96.2 } as const;

const ZPinFields = z.object({
  latitude: z.number({ error: LOCATION_MESSAGES.latitude }).min(-90, LOCATION_MESSAGES.latitude).max(90, LOCATION_MESSAGES.latitude),
  longitude: z.number({ error: LOCATION_MESSAGES.longitude }).min(-180, LOCATION_MESSAGES.longitude).max(180, LOCATION_MESSAGES.longitude),
});

const inPinArea = ({ latitude, longitude }: { latitude: number; longitude: number }) =>
  latitude >= PIN_AREA.south && latitude <= PIN_AREA.north && longitude >= PIN_AREA.west && longitude <= PIN_AREA.east;

/** A pin for the record whose id the path names. */
export function pinInput<Id extends z.ZodType>(id: Id) {
  return ZPinFields.extend({ id }).refine(inPinArea, { error: LOCATION_MESSAGES.outsideArea, path: ["latitude"] });
}

export const ZPinSchema = ZPinFields.refine(inPinArea, { error: LOCATION_MESSAGES.outsideArea, path: ["latitude"] });

export type TPin = z.output<typeof ZPinSchema>;

/** The business's start address, where each crew's day begins (an owner's setting). */
export const ZRouteStartFormSchema = z.object({
  address: requiredText(LOCATION_MESSAGES.address, { min: 3, max: 200 }),
  city: requiredText(LOCATION_MESSAGES.city, { max: 100 }),
  state: z
    .string({ error: LOCATION_MESSAGES.state })
    .trim()
    .regex(/^[A-Za-z]{2}$/, LOCATION_MESSAGES.state)
    .transform((state) => state.toUpperCase()),
  zipCode: z
    .string({ error: LOCATION_MESSAGES.zipCode })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, LOCATION_MESSAGES.zipCode),
});

export type TRouteStartForm = z.output<typeof ZRouteStartFormSchema>;
export type TRouteStartFormInput = z.input<typeof ZRouteStartFormSchema>;
