import { createHash } from "node:crypto";
import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { businessDateOf, endOfBusinessDayExclusive, isDateString, startOfBusinessDay, type DateString } from "@/lib/business-time";
import type { LocationSource } from "@/lib/location-sources";
import { formatPostalAddress } from "@/lib/postal-address";
import { driveMinutesFor, milesOf, navigateUrl, roadKm, type GeoPoint } from "@/lib/route-distance";
import type { Db } from "@/server/db";
import { crews, customers, schedules, services, visits } from "@/server/db/schema";
import { InvalidInputError, NotFoundError } from "@/server/errors";
import { getRouteStart, type RouteStart } from "@/server/locations/route-start";
import { FIXED_REASON_LABELS, fixedReasonOf, type FixedReason } from "./fixed-time";

/** Visits on a crew's route: those still to do and those done; cancelled ones are not stops. */
const ROUTE_STATUSES = ["pending", "confirmed", "completed"] as const;

export const ROUTE_MESSAGES = {
  crewNotFound: "Crew not found",
  date: "Pick a day (yyyy-MM-dd)",
} as const;

export interface Leg {
  km: number;
  miles: number;
  minutes: number;
}

export interface RouteStop {
  visitId: number;
  scheduleId: number;
  startTime: Date;
  endTime: Date;
  status: (typeof ROUTE_STATUSES)[number];
  customer: { id: number; fullName: string; phone: string | null };
  address: string;
  service: string | null;
  notes: string | null;
  /** Gate codes, pets, where to park: what the customer wrote when booking, and the office's note on the customer. */
  specialInstructions: string | null;
  customerNotes: string | null;
  location: { latitude: number; longitude: number; source: LocationSource } | null;
  fixed: boolean;
  fixedReason: string | null;
  /** From the start address (first stop) or the stop before; null when either end is not on the map. */
  legFromPrevious: Leg | null;
  navigateUrl: string;
}

export interface DayRoute {
  crew: { id: number; name: string };
  date: DateString;
  start: (RouteStart & { label: string }) | null;
  stops: RouteStop[];
  total: Leg;
  /** Changes whenever any stop of the day changes: a proposal is applied only to the day it was made for. */
  version: string;
}

export function legOf(km: number): Leg {
  return { km, miles: milesOf(km), minutes: driveMinutesFor(km) };
}

/** A crew of the business; a crew member asking for another crew's day is told it does not exist. */
async function findCrew(db: Db, crewId: number, scope: { crewId: number } | undefined) {
  if (scope && scope.crewId !== crewId) throw new NotFoundError(ROUTE_MESSAGES.crewNotFound);
  const [crew] = await db.select({ id: crews.id, name: crews.name }).from(crews).where(eq(crews.id, crewId));
  if (!crew) throw new NotFoundError(ROUTE_MESSAGES.crewNotFound);
  return crew;
}

function startPoint(start: RouteStart | null): GeoPoint | null {
  return start && start.latitude !== null && start.longitude !== null ? { latitude: start.latitude, longitude: start.longitude } : null;
}

export function pointOf(stop: Pick<RouteStop, "location">): GeoPoint | null {
  return stop.location ? { latitude: stop.location.latitude, longitude: stop.location.longitude } : null;
}

/** The legs of the stops in this order, from the start address; a leg to or from an unplaced stop is null. */
export function legsFor(start: GeoPoint | null, stops: Array<Pick<RouteStop, "location">>): Array<Leg | null> {
  return stops.map((stop, i) => {
    const from = i === 0 ? start : pointOf(stops[i - 1]!);
    const to = pointOf(stop);
    return from && to ? legOf(roadKm(from, to)) : null;
  });
}

export function totalOf(legs: Array<Leg | null>): Leg {
  return legOf(legs.reduce((sum, leg) => sum + (leg?.km ?? 0), 0));
}

/**
 * A crew's day: its visits of that Austin date in time order, each with where it is, what to do
 * there and the drive from the stop before (docs/product-rules.md#the-days-route). A visit is where
 * its plan is, or where its customer is when the plan has no location of its own.
 */
export async function getDayRoute(
  db: Db,
  input: { crewId: number; date: string; scope?: { crewId: number }; now?: Date; lock?: boolean },
): Promise<DayRoute> {
  if (!isDateString(input.date)) throw new InvalidInputError(ROUTE_MESSAGES.date, "date");
  const date = input.date as DateString;
  const now = input.now ?? new Date();
  const crew = await findCrew(db, input.crewId, input.scope);
  const query = db
    .select({
      visit: {
        id: visits.id,
        scheduleId: visits.scheduleId,
        startTime: visits.startTime,
        endTime: visits.endTime,
        status: visits.status,
        notes: visits.notes,
        specialInstructions: visits.specialInstructions,
        address: visits.address,
        city: visits.city,
        state: visits.state,
        zipCode: visits.zipCode,
        customerChange: visits.customerChange,
        updatedAt: visits.updatedAt,
      },
      plan: {
        bookedVia: schedules.bookedVia,
        latitude: schedules.latitude,
        longitude: schedules.longitude,
        locationSource: schedules.locationSource,
      },
      customer: {
        id: customers.id,
        fullName: customers.fullName,
        phone: customers.phone,
        notes: customers.notes,
        address: customers.address,
        city: customers.city,
        state: customers.state,
        zipCode: customers.zipCode,
        latitude: customers.latitude,
        longitude: customers.longitude,
        locationSource: customers.locationSource,
      },
      service: services.name,
    })
    .from(visits)
    .innerJoin(schedules, eq(schedules.id, visits.scheduleId))
    .innerJoin(customers, eq(customers.id, visits.customerId))
    .leftJoin(services, eq(services.id, visits.serviceId))
    .where(
      and(
        eq(visits.crewId, crew.id),
        inArray(visits.status, [...ROUTE_STATUSES]),
        gte(visits.startTime, startOfBusinessDay(date)),
        lt(visits.startTime, endOfBusinessDayExclusive(date)),
      ),
    )
    .orderBy(asc(visits.startTime), asc(visits.id));
  // Applying a route locks the day's visits it read, so nothing changes them between the check and the write.
  const rows = input.lock ? await query.for("update", { of: visits }) : await query;
  const start = await getRouteStart(db);

  const stops: RouteStop[] = rows
    .filter((row) => businessDateOf(row.visit.startTime) === date)
    .map(({ visit, plan, customer, service }) => {
      const planPlaced = plan.latitude !== null && plan.longitude !== null && plan.locationSource !== null;
      const customerPlaced = customer.latitude !== null && customer.longitude !== null && customer.locationSource !== null;
      const location = planPlaced
        ? { latitude: plan.latitude!, longitude: plan.longitude!, source: plan.locationSource! }
        : customerPlaced
          ? { latitude: customer.latitude!, longitude: customer.longitude!, source: customer.locationSource! }
          : null;
      const address = formatPostalAddress(visit.address ? visit : customer);
      const reason: FixedReason | null = fixedReasonOf({
        bookedVia: plan.bookedVia,
        customerChange: visit.customerChange,
        status: visit.status,
        startTime: visit.startTime,
        placed: location !== null,
        now,
      });
      return {
        visitId: visit.id,
        scheduleId: visit.scheduleId,
        startTime: visit.startTime,
        endTime: visit.endTime,
        status: visit.status as RouteStop["status"],
        customer: { id: customer.id, fullName: customer.fullName, phone: customer.phone },
        address,
        service,
        notes: visit.notes,
        specialInstructions: visit.specialInstructions,
        customerNotes: customer.notes,
        location,
        fixed: reason !== null,
        fixedReason: reason ? FIXED_REASON_LABELS[reason] : null,
        legFromPrevious: null,
        navigateUrl: navigateUrl({ point: location, address }),
      };
    });
  const legs = legsFor(startPoint(start), stops);
  stops.forEach((stop, i) => {
    stop.legFromPrevious = legs[i] ?? null;
  });

  const fingerprint = createHash("sha256");
  for (const row of rows) {
    fingerprint.update(
      `${row.visit.id}|${row.visit.startTime.toISOString()}|${row.visit.endTime.toISOString()}|${row.visit.status}|${row.visit.updatedAt.toISOString()};`,
    );
  }
  return {
    crew,
    date,
    start: start ? { ...start, label: formatPostalAddress(start) } : null,
    stops,
    total: totalOf(legs),
    version: fingerprint.digest("hex").slice(0, 32),
  };
}

export { startPoint };
