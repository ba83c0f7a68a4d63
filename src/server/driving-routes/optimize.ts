import { roadKm, type GeoPoint } from "@/lib/route-distance";

/**
 * The day's route optimizer (docs/product-rules.md#the-days-route): nearest neighbour from the start
 * address, then 2-opt, on road-factor distances. Fixed stops keep their place in the order (and so
 * their time); only the flexible stops between and around them are rearranged. The route is open: it
 * runs from the start address to the last stop, the drive home is not counted.
 */

export interface OptimizerStop {
  point: GeoPoint;
  /** Kept at its position in the time order. */
  fixed: boolean;
}

/** Positions of a sequence of stop indices. */
export type Order = number[];

function distanceMatrix(start: GeoPoint | null, stops: OptimizerStop[]) {
  const n = stops.length;
  const between = Array.from({ length: n }, (_, i) => Float64Array.from({ length: n }, (_, j) => roadKm(stops[i]!.point, stops[j]!.point)));
  const fromStart = Float64Array.from(stops, (stop) => (start ? roadKm(start, stop.point) : 0));
  return { between, fromStart };
}

type Matrix = ReturnType<typeof distanceMatrix>;

/** The length of an order in km: from the start (when there is one) through every stop. */
function lengthOf(order: Order, matrix: Matrix): number {
  if (order.length === 0) return 0;
  let total = matrix.fromStart[order[0]!]!;
  for (let i = 1; i < order.length; i++) total += matrix.between[order[i - 1]!]![order[i]!]!;
  return total;
}

/** The road-factor length of visiting `stops` in this order from `start`, in km. */
export function routeLengthKm(start: GeoPoint | null, stops: OptimizerStop[], order: Order = stops.map((_, i) => i)): number {
  return lengthOf(order, distanceMatrix(start, stops));
}

/** Fills every flexible position with the nearest flexible stop not yet used; fixed positions stay. */
function nearestNeighbour(stops: OptimizerStop[], matrix: Matrix): Order {
  const unused = new Set(stops.flatMap((stop, i) => (stop.fixed ? [] : [i])));
  const order: Order = [];
  for (let position = 0; position < stops.length; position++) {
    if (stops[position]!.fixed) {
      order.push(position);
      continue;
    }
    const previous = order.at(-1);
    let best = -1;
    let bestKm = Number.POSITIVE_INFINITY;
    for (const candidate of unused) {
      const km = previous === undefined ? matrix.fromStart[candidate]! : matrix.between[previous]![candidate]!;
      if (km < bestKm) [best, bestKm] = [candidate, km];
    }
    unused.delete(best);
    order.push(best);
  }
  return order;
}

/** The km of the edge into position `i` (from the start, or from the stop before). */
function edgeInto(order: Order, i: number, matrix: Matrix, stop = order[i]!): number {
  return i === 0 ? matrix.fromStart[stop]! : matrix.between[order[i - 1]!]![stop]!;
}

const EPSILON = 1e-9;

/**
 * 2-opt on every run of flexible positions (a reversal never moves a fixed stop), and swaps of two
 * flexible stops anywhere (which crosses the fixed ones), until neither shortens the route.
 */
function improve(order: Order, stops: OptimizerStop[], matrix: Matrix): Order {
  const route = [...order];
  const n = route.length;
  const flexible = (position: number) => !stops[position]!.fixed;
  for (let pass = 0; pass < 100; pass++) {
    let improved = false;
    // 2-opt: reverse route[i..j] when all its positions are flexible.
    for (let i = 0; i < n; i++) {
      if (!flexible(i)) continue;
      for (let j = i + 1; j < n && flexible(j); j++) {
        const before = edgeInto(route, i, matrix) + (j + 1 < n ? matrix.between[route[j]!]![route[j + 1]!]! : 0);
        const after =
          (i === 0 ? matrix.fromStart[route[j]!]! : matrix.between[route[i - 1]!]![route[j]!]!) +
          (j + 1 < n ? matrix.between[route[i]!]![route[j + 1]!]! : 0);
        if (after < before - EPSILON) {
          route.splice(i, j - i + 1, ...route.slice(i, j + 1).reverse());
          improved = true;
        }
      }
    }
    // Swap two flexible stops (any distance apart), measured on the whole route.
    let current = lengthOf(route, matrix);
    for (let i = 0; i < n; i++) {
      if (!flexible(i)) continue;
      for (let j = i + 1; j < n; j++) {
        if (!flexible(j)) continue;
        [route[i], route[j]] = [route[j]!, route[i]!];
        const swapped = lengthOf(route, matrix);
        if (swapped < current - EPSILON) {
          current = swapped;
          improved = true;
        } else {
          [route[i], route[j]] = [route[j]!, route[i]!];
        }
      }
    }
    if (!improved) break;
  }
  return route;
}

export interface Candidate {
  order: Order;
  km: number;
}

/**
 * Shorter orders for the stops, given in time order, best first: nearest neighbour improved by
 * 2-opt, and the time order improved by 2-opt (so the best is never longer than the time order),
 * then the time order itself as the last resort. Fixed stops are at the same position in each.
 */
export function optimizeRoute(start: GeoPoint | null, stops: OptimizerStop[]): Candidate[] {
  const matrix = distanceMatrix(start, stops);
  const timeOrder = stops.map((_, i) => i);
  const improvedOrders = [improve(nearestNeighbour(stops, matrix), stops, matrix), improve(timeOrder, stops, matrix)];
  const seen = new Set<string>();
  return [
    ...improvedOrders.map((order) => ({ order, km: lengthOf(order, matrix) })).sort((a, b) => a.km - b.km),
    { order: timeOrder, km: lengthOf(timeOrder, matrix) },
  ].filter((candidate) => {
    const key = candidate.order.join(",");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
