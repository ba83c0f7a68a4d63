// Distances and drive times between stops, shared by the server (the route and the optimizer) and
// the screens. No road network is consulted: the rule is docs/product-rules.md#the-days-route.

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Roads wind: a straight line times this is our estimate of the distance driven. */
export const ROAD_FACTOR = 1.3;

/** The average speed assumed between stops around Austin, in km/h (about 25 mph), stops and lights included. */
export const AVERAGE_SPEED_KMH = 40;

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_MILE = 1.609_344;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in km (haversine). */
export function straightLineKm(from: GeoPoint, to: GeoPoint): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The estimated road distance: the straight line times the road factor, in km. */
export function roadKm(from: GeoPoint, to: GeoPoint): number {
  return straightLineKm(from, to) * ROAD_FACTOR;
}

/** Minutes to drive `km` at the average speed. */
export function driveMinutesFor(km: number): number {
  return (km / AVERAGE_SPEED_KMH) * 60;
}

export function milesOf(km: number): number {
  return km / KM_PER_MILE;
}

/** "3.4 mi", the way the screens show a distance. */
export function formatMiles(km: number): string {
  return `${milesOf(km).toFixed(1)} mi`;
}

/** "12 min", or "1 h 5 min". */
export function formatDriveMinutes(minutes: number): string {
  const rounded = Math.round(minutes);
  if (rounded < 60) return `${rounded} min`;
  return `${Math.floor(rounded / 60)} h ${rounded % 60} min`;
}

/**
 * A link that opens the phone's map app with directions to a stop: Google's universal maps URL,
 * which Android opens in its map app and iOS in Google Maps or the browser. Coordinates when the
 * stop has them, the address otherwise.
 */
export function navigateUrl(to: { point: GeoPoint | null; address: string }): string {
  const destination = to.point ? `${to.point.latitude.toFixed(6)},${to.point.longitude.toFixed(6)}` : to.address;
  return `https://www.google.com/maps/dir/?api=1&travelmode=driving&destination=${encodeURIComponent(destination)}`;
}
