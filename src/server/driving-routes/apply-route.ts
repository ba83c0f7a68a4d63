import { formatBusinessDate, isDateString, type DateString } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { ConflictError, InvalidInputError } from "@/server/errors";
import { assertCrewFree } from "@/server/schedules/crew-assignment";
import { countOverlappingVisits, getCrewCapacity, lockCapacityForDates } from "@/server/schedules/crew-capacity";
import { findVisit, moveVisit } from "@/server/schedules/visits";
import { getDayRoute, legsFor, ROUTE_MESSAGES, startPoint, totalOf, type Leg } from "./day-route";
import { retimeStops } from "./timing";
import { appliedDrivingRoutes } from "@/server/db/schema";

export const APPLY_MESSAGES = {
  dayChanged: "The day changed after this proposal was made, so nothing was moved. Optimize again to see the day as it is now.",
  notTheDay: "The order must list each of the day's visits once. Optimize again to see the day as it is now.",
  fixedMoved: "A fixed-time visit must keep its place in the order.",
  late: "In this order the crew would be late for a fixed-time visit, so nothing was moved.",
} as const;

export interface AppliedRoute {
  movedVisits: number;
  notifiedCustomers: number;
  before: Leg;
  after: Leg;
}

/**
 * Applies an order to a crew's day in one transaction (docs/product-rules.md#the-days-route): the
 * server times the stops itself, each visit whose time changes moves and its customer gets the
 * moved-visit note, and the crew and capacity rules are checked again before anything commits.
 * The day must still be the one the proposal was made for (`version`); if anything changed in
 * between, or a rule refuses a move, nothing at all is moved (409).
 */
export async function applyRoute(
  db: Db,
  input: { crewId: number; date: string; version: string; order: number[]; scope?: { crewId: number }; now?: Date },
): Promise<AppliedRoute> {
  if (!isDateString(input.date)) throw new InvalidInputError(ROUTE_MESSAGES.date, "date");
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    // The lock every writer of a day's crews takes (bookings, staff edits, rain days), then the
    // day's visits themselves, so the day cannot change between this check and the moves.
    await lockCapacityForDates(tx, [input.date as DateString]);
    const day = await getDayRoute(tx, { ...input, now, lock: true });
    if (day.version !== input.version) throw new ConflictError(APPLY_MESSAGES.dayChanged);

    const byId = new Map(day.stops.map((stop) => [stop.visitId, stop]));
    if (
      input.order.length !== day.stops.length ||
      new Set(input.order).size !== input.order.length ||
      input.order.some((id) => !byId.has(id))
    ) {
      throw new InvalidInputError(APPLY_MESSAGES.notTheDay, "order");
    }
    const ordered = input.order.map((id) => byId.get(id)!);
    day.stops.forEach((stop, position) => {
      if (stop.fixed && ordered[position]!.visitId !== stop.visitId) throw new InvalidInputError(APPLY_MESSAGES.fixedMoved, "order");
    });
    const legs = legsFor(startPoint(day.start), ordered);
    const times = retimeStops(
      ordered,
      legs.map((leg) => leg?.km ?? 0),
      now,
    );
    if (!times) throw new ConflictError(APPLY_MESSAGES.late);

    const moves = ordered
      .map((stop, i) => ({ stop, ...times[i]! }))
      .filter(
        (move) => move.startTime.getTime() !== move.stop.startTime.getTime() || move.endTime.getTime() !== move.stop.endTime.getTime(),
      );
    const notified = new Set<number>();
    for (const move of moves) {
      const visit = await findVisit(tx, String(move.stop.visitId));
      if (!visit) throw new ConflictError(APPLY_MESSAGES.dayChanged);
      await moveVisit(tx, visit, move.startTime, move.endTime, { changedBy: "staff", now });
      notified.add(move.stop.customer.id);
    }
    // The crew does one visit at a time, and no more visits overlap than there are crews: checked
    // with every move in place, so a clash anywhere rolls the whole day back.
    const capacity = await getCrewCapacity(tx);
    for (const move of moves) {
      await assertCrewFree(tx, { visitId: move.stop.visitId }, now);
      if (move.startTime <= now) continue;
      const busy = await countOverlappingVisits(tx, { start: move.startTime, end: move.endTime, exceptVisitId: move.stop.visitId });
      if (busy >= capacity) {
        throw new ConflictError(
          `Every crew is busy at ${formatBusinessDate(move.startTime, "h:mm a")} (crew capacity ${capacity}), so nothing was moved. Free a crew or optimize again.`,
        );
      }
    }
    const after = totalOf(legs);
    await recordAppliedRoute(tx, { crewId: input.crewId, date: input.date, stops: ordered.length, after });
    return { movedVisits: moves.length, notifiedCustomers: notified.size, before: day.total, after };
  });
}

/** Keeps the day's applied order's driving for the work report; applying the day again replaces it. */
async function recordAppliedRoute(tx: Db, route: { crewId: number; date: string; stops: number; after: Leg }) {
  const values = {
    stops: route.stops,
    metres: Math.round(route.after.km * 1000),
    driveMinutes: Math.round(route.after.minutes),
    appliedAt: new Date(),
  };
  await tx
    .insert(appliedDrivingRoutes)
    .values({ crewId: route.crewId, date: route.date, ...values })
    .onConflictDoUpdate({ target: [appliedDrivingRoutes.crewId, appliedDrivingRoutes.date], set: values });
}
