import zipcodes from "zipcodes";
import { z } from "zod";
import type { LocationSource } from "@/lib/location-sources";
import { formatPostalAddress } from "@/lib/postal-address";
import { config } from "@/server/config";

/** A street address as customers and plans keep it; any part may be missing. */
export interface PostalAddress {
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}

export interface GeoLocation {
  latitude: number;
  longitude: number;
  source: Extract<LocationSource, "census" | "zip">;
}

/** Places an address on the map, or answers null when nothing can (docs/product-rules.md#where-each-visit-is). */
export type Geocoder = (address: PostalAddress) => Promise<GeoLocation | null>;

const ZIP_PATTERN = /^(\d{5})(?:-\d{4})?$/;

/** The centre of the address's ZIP code, from the US ZIP table bundled with the app (no network). */
export function zipCentroid(zipCode: string | null | undefined): GeoLocation | null {
  const match = ZIP_PATTERN.exec(zipCode?.trim() ?? "");
  if (!match) return null;
  const found = zipcodes.lookup(match[1]!);
  if (!found || !Number.isFinite(found.latitude) || !Number.isFinite(found.longitude)) return null;
  return { latitude: found.latitude, longitude: found.longitude, source: "zip" };
}

/** The town a ZIP code is in, from the same table: for an address typed without its city. */
export function cityOfZip(zipCode: string | null | undefined): string | null {
  const match = ZIP_PATTERN.exec(zipCode?.trim() ?? "");
  return (match && zipcodes.lookup(match[1]!)?.city) || null;
}

export const zipGeocoder: Geocoder = async (address) => zipCentroid(address.zipCode);

/** The one line the Census Geocoder reads: "street, city, state zip", each part once. */
export function oneLineAddress(address: PostalAddress): string {
  return formatPostalAddress(address);
}

// Only what we read of the Census answer; anything else in it is ignored.
const ZCensusAnswer = z.object({
  result: z.object({
    addressMatches: z.array(
      z.object({
        coordinates: z.object({ x: z.number().min(-180).max(180), y: z.number().min(-90).max(90) }),
      }),
    ),
  }),
});

export interface CensusOptions {
  /** The service's address, such as "https://geocoding.geo.census.gov" or a local stand-in. */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * Asks the US Census Geocoder (free, no key: the onelineaddress endpoint on the current benchmark)
 * for the first match. Anything else, a timeout, an error status, an answer we cannot read or no
 * match, falls back to the ZIP's centre, so a slow or absent service never leaves an address unplaced.
 */
export function censusGeocoder(options: CensusOptions): Geocoder {
  const request = options.fetch ?? fetch;
  return async (address) => {
    const street = address.address?.trim();
    if (street) {
      const url = new URL("/geocoder/locations/onelineaddress", options.baseUrl);
      url.searchParams.set("address", oneLineAddress(address));
      url.searchParams.set("benchmark", "Public_AR_Current");
      url.searchParams.set("format", "json");
      try {
        const response = await request(url, { signal: AbortSignal.timeout(options.timeoutMs), headers: { accept: "application/json" } });
        if (response.ok) {
          const parsed = ZCensusAnswer.safeParse(await response.json());
          const match = parsed.success ? parsed.data.result.addressMatches[0] : undefined;
          if (match) return { latitude: match.coordinates.y, longitude: match.coordinates.x, source: "census" };
        } else {
          await response.body?.cancel();
        }
      } catch {
        // Timed out, refused or unreadable: the ZIP's centre below is the answer.
      }
    }
    return zipCentroid(address.zipCode);
  };
}

/** The geocoder the configuration names (`GEOCODER`): Census with the ZIP fallback, or ZIP centres only. */
export function configuredGeocoder(): Geocoder {
  const settings = config().geocoder;
  if (settings.kind === "zip") return zipGeocoder;
  return censusGeocoder({ baseUrl: settings.censusUrl, timeoutMs: settings.timeoutMs });
}
