import { driveMinutesFor } from "@/lib/route-distance";

/** New start times are rounded up to this step, so a visit starts at 9:35, not 9:33. */
export const START_STEP_MS = 5 * 60_000;

export interface TimedStop {
  startTime: Date;
  endTime: Date;
  fixed: boolean;
}

export interface Retimed {
  startTime: Date;
  endTime: Date;
}

const roundUp = (ms: number) => Math.ceil(ms / START_STEP_MS) * START_STEP_MS;

/**
 * Times for the stops in a new order (docs/product-rules.md#the-days-route): the day still starts
 * when it started before, each flexible stop starts as soon as the crew can be there (the previous
 * stop's end plus the drive, rounded up to five minutes) and keeps its length, and a fixed stop keeps
 * its own time. Null when the order cannot keep a fixed stop's time (the crew would arrive late).
 *
 * `earliest` (now) bounds the flexible stops' new times from below.
 * `legKm[i]` is the road distance from the stop before position i to the stop at it (0 for the first).
 */
export function retimeStops(stopsInOrder: TimedStop[], legKm: number[], earliest?: Date): Retimed[] | null {
  if (stopsInOrder.length === 0) return [];
  // Nothing moves into the past: on today's route, flexible stops start from now at the earliest.
  const notBefore = earliest ? roundUp(earliest.getTime()) : Number.NEGATIVE_INFINITY;
  const dayStart = Math.min(...stopsInOrder.map((stop) => stop.startTime.getTime()));
  const timed: Retimed[] = [];
  let free = dayStart;
  for (const [position, stop] of stopsInOrder.entries()) {
    const length = stop.endTime.getTime() - stop.startTime.getTime();
    const arrival = position === 0 ? dayStart : free + driveMinutesFor(legKm[position] ?? 0) * 60_000;
    let start: number;
    if (stop.fixed) {
      start = stop.startTime.getTime();
      if (arrival > start) return null;
    } else {
      start = Math.max(notBefore, position === 0 ? dayStart : roundUp(arrival));
    }
    timed.push({ startTime: new Date(start), endTime: new Date(start + length) });
    free = start + length;
  }
  return timed;
}
