import type { GeoPoint } from "@/lib/route-distance";
import type { Db } from "@/server/db";
import { getDayRoute, legsFor, pointOf, startPoint, totalOf, type DayRoute, type Leg, type RouteStop } from "./day-route";
import { optimizeRoute } from "./optimize";
import { retimeStops } from "./timing";

/** Downtown Austin, where a day with no start address and no placed stop is reckoned from. */
const AUSTIN: GeoPoint = { latitude: 30.2672, longitude: -97.7431 };

export interface ProposedStop {
  visitId: number;
  customerName: string;
  startTime: Date;
  endTime: Date;
  previousStartTime: Date;
  moved: boolean;
  fixed: boolean;
  legFromPrevious: Leg | null;
}

export interface RouteProposal {
  crewId: number;
  date: string;
  version: string;
  before: Leg;
  after: Leg;
  stops: ProposedStop[];
  /** True when the proposal differs from the day as it is. */
  changed: boolean;
  message: string;
}

/**
 * Orders the day's stops for a shorter drive and times them (docs/product-rules.md#the-days-route).
 * Stops not on the map keep their place; the best order whose times keep every fixed stop's time
 * wins, and when none does the day is left as it is.
 */
export function proposeFromDay(day: DayRoute, now: Date = new Date()): RouteProposal {
  const start = startPoint(day.start);
  // A stop not on the map keeps its place (it is fixed); for the arithmetic it stands where the
  // crew last was, so it favours no neighbour.
  let lastKnown = start ?? AUSTIN;
  const points = day.stops.map((stop) => {
    lastKnown = pointOf(stop) ?? lastKnown;
    return lastKnown;
  });
  const candidates = optimizeRoute(
    start,
    day.stops.map((stop, i) => ({ point: points[i]!, fixed: stop.fixed })),
  );
  for (const candidate of candidates) {
    const ordered = candidate.order.map((index) => day.stops[index]!);
    const legs = legsFor(start, ordered);
    const times = retimeStops(
      ordered,
      legs.map((leg) => leg?.km ?? 0),
      now,
    );
    if (!times) continue;
    const stops = ordered.map((stop, i) => ({
      visitId: stop.visitId,
      customerName: stop.customer.fullName,
      startTime: times[i]!.startTime,
      endTime: times[i]!.endTime,
      previousStartTime: stop.startTime,
      moved: times[i]!.startTime.getTime() !== stop.startTime.getTime(),
      fixed: stop.fixed,
      legFromPrevious: legs[i] ?? null,
    }));
    const changed = stops.some((stop) => stop.moved);
    const after = totalOf(legs);
    return {
      crewId: day.crew.id,
      date: day.date,
      version: day.version,
      before: day.total,
      after,
      stops,
      changed,
      message: changed
        ? `A shorter order saves ${(day.total.miles - after.miles).toFixed(1)} mi of driving.`
        : "This day's order is already the shortest we found that keeps the fixed times.",
    };
  }
  return unchanged(day);
}

function unchanged(day: DayRoute): RouteProposal {
  return {
    crewId: day.crew.id,
    date: day.date,
    version: day.version,
    before: day.total,
    after: day.total,
    stops: day.stops.map((stop: RouteStop) => ({
      visitId: stop.visitId,
      customerName: stop.customer.fullName,
      startTime: stop.startTime,
      endTime: stop.endTime,
      previousStartTime: stop.startTime,
      moved: false,
      fixed: stop.fixed,
      legFromPrevious: stop.legFromPrevious,
    })),
    changed: false,
    message: "No other order keeps the fixed times; the day stays as it is.",
  };
}

export async function proposeRoute(db: Db, input: { crewId: number; date: string; now?: Date }): Promise<RouteProposal> {
  return proposeFromDay(await getDayRoute(db, input), input.now);
}
