import { describe, expect, it } from "vitest";
import { AVERAGE_SPEED_KMH, ROAD_FACTOR, roadKm, straightLineKm } from "@/lib/route-distance";
import { optimizeRoute, routeLengthKm, type OptimizerStop } from "./optimize";
import { retimeStops } from "./timing";

const START = { latitude: 30.2672, longitude: -97.7431 };
/** A point `km` east of the start (about 0.0104° of longitude per km at Austin's latitude). */
const east = (km: number) => ({
  latitude: START.latitude,
  longitude: START.longitude + km / (111.32 * Math.cos((START.latitude * Math.PI) / 180)),
});
const flexible = (point: OptimizerStop["point"]): OptimizerStop => ({ point, fixed: false });
const fixedAt = (point: OptimizerStop["point"]): OptimizerStop => ({ point, fixed: true });

/** A small, repeatable random sequence (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function randomStops(seed: number, count: number, fixedShare = 0): OptimizerStop[] {
  const next = random(seed);
  return Array.from({ length: count }, () => ({
    // Greater Austin, about 40 km across.
    point: { latitude: 30.1 + next() * 0.4, longitude: -97.95 + next() * 0.45 },
    fixed: next() < fixedShare,
  }));
}

describe("distances", () => {
  it("are the straight line times the road factor, driven at the average speed", () => {
    const km = straightLineKm(START, east(10));
    expect(km).toBeCloseTo(10, 1);
    expect(roadKm(START, east(10))).toBeCloseTo(km * ROAD_FACTOR, 6);
    expect(ROAD_FACTOR).toBe(1.3);
    expect(AVERAGE_SPEED_KMH).toBe(40);
  });
});

describe("the route optimizer", () => {
  it("visits stops on a line in order of distance from the start", () => {
    // Time order: 9 km, 1 km, 5 km, 3 km east: it zigzags.
    const stops = [9, 1, 5, 3].map((km) => flexible(east(km)));
    const [best] = optimizeRoute(START, stops);
    expect(best!.order).toEqual([1, 3, 2, 0]);
    expect(best!.km).toBeCloseTo(9 * ROAD_FACTOR, 1);
    expect(routeLengthKm(START, stops)).toBeCloseTo((9 + 8 + 4 + 2) * ROAD_FACTOR, 1);
  });

  it("keeps a fixed stop at its place in the order and rearranges the others around it", () => {
    // The 9 km stop is fixed second: the flexible ones go nearest first around it.
    const stops = [flexible(east(5)), fixedAt(east(9)), flexible(east(1)), flexible(east(3))];
    const candidates = optimizeRoute(START, stops);
    for (const candidate of candidates) expect(candidate.order[1]).toBe(1);
    const [best] = candidates;
    expect(best!.km).toBeLessThan(routeLengthKm(START, stops));
    expect(best!.order).toEqual([2, 1, 0, 3]);
    expect(best!.km).toBeCloseTo((1 + 8 + 4 + 2) * ROAD_FACTOR, 1);
    expect(best!.km).toBeCloseTo(routeLengthKm(START, stops, best!.order), 9);
  });

  it("never moves fixed stops, whatever their number", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const stops = randomStops(seed, 15, 0.4);
      for (const { order } of optimizeRoute(START, stops)) {
        expect([...order].sort((a, b) => a - b)).toEqual(stops.map((_, i) => i));
        stops.forEach((stop, position) => {
          if (stop.fixed) expect(order[position]).toBe(position);
        });
      }
    }
  });

  it("on 20 random stops, is never longer than the time order, and usually much shorter", () => {
    let savedKm = 0;
    for (let seed = 100; seed < 120; seed++) {
      const stops = randomStops(seed, 20);
      const timeOrderKm = routeLengthKm(START, stops);
      const [best] = optimizeRoute(START, stops);
      expect(best!.km).toBeLessThanOrEqual(timeOrderKm + 1e-9);
      savedKm += timeOrderKm - best!.km;
    }
    expect(savedKm).toBeGreaterThan(0);
  });

  it("is never longer than the time order with fixed stops among 20 either", () => {
    for (let seed = 200; seed < 220; seed++) {
      const stops = randomStops(seed, 20, 0.25);
      expect(optimizeRoute(START, stops)[0]!.km).toBeLessThanOrEqual(routeLengthKm(START, stops) + 1e-9);
    }
  });

  it("answers for an empty day, one stop, and a day without a start address", () => {
    expect(optimizeRoute(START, [])[0]).toEqual({ order: [], km: 0 });
    expect(optimizeRoute(START, [flexible(east(2))])[0]!.order).toEqual([0]);
    const [best] = optimizeRoute(
      null,
      [9, 1, 5].map((km) => flexible(east(km))),
    );
    expect(best!.km).toBeCloseTo(8 * ROAD_FACTOR, 1);
  });
});

describe("new times for a new order", () => {
  const at = (hhmm: string) => new Date(`2031-06-03T${hhmm}:00-05:00`);
  const stop = (start: string, end: string, fixed = false) => ({ startTime: at(start), endTime: at(end), fixed });

  it("starts the day when it started, and each flexible stop once the crew can be there, rounded to 5 minutes", () => {
    // 10 km takes 15 minutes at 40 km/h.
    const timed = retimeStops([stop("11:00", "12:00"), stop("09:00", "10:00"), stop("13:00", "13:45")], [0, 10, 10]);
    expect(timed!.map((t) => t.startTime)).toEqual([at("09:00"), at("10:15"), at("11:30")]);
    expect(timed!.map((t) => t.endTime)).toEqual([at("10:00"), at("11:15"), at("12:15")]);
  });

  it("keeps a fixed stop's time, and refuses an order that would arrive late for it", () => {
    const timed = retimeStops([stop("09:00", "10:00"), stop("14:00", "15:00", true), stop("10:00", "11:00")], [0, 10, 3]);
    expect(timed!.map((t) => t.startTime)).toEqual([at("09:00"), at("14:00"), at("15:05")]);
    expect(retimeStops([stop("09:00", "10:00"), stop("10:00", "11:00", true)], [0, 10])).toBeNull();
  });
});
