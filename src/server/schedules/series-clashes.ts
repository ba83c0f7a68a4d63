import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { addDays, businessDateOf, formatBusinessDate, type DateString } from "@/lib/business-time";
import { dayAvailability } from "@/server/schedules/availability";
import type { Db } from "@/server/db";
import { visits } from "@/server/db/schema";
import { ConflictListError } from "@/server/errors";
import { CREW_HOLDING_STATUSES } from "@/lib/schedule-enums";
import { countOverlappingVisits, getCrewCapacity, lockCapacityForDates } from "./crew-capacity";
import { findVisit, moveVisit } from "./visits";

/** How many days either side of a clashing visit the nearest free time is looked for. */
const NEAREST_FREE_DAYS = 3;

/** A visit of a series that lands where every crew is already busy, and where it could go instead. */
export interface SeriesClash {
  visitId: number;
  startTime: Date;
  endTime: Date;
  /** The nearest offered time with a free crew, on its day or up to three days either side; null when none. */
  nearestFree: { startTime: Date; endTime: Date } | null;
}

const at = (instant: Date) => formatBusinessDate(instant, "EEE, MMM d 'at' h:mm a");

/** The same day first, then one day later, one earlier, two later, ... */
function nearbyDays(date: DateString): DateString[] {
  const days = [date];
  for (let distance = 1; distance <= NEAREST_FREE_DAYS; distance++) days.push(addDays(date, distance), addDays(date, -distance));
  return days;
}

/** The offered time with a free crew nearest to the visit's own, the visit not counting against itself. */
async function nearestFreeTime(db: Db, visit: { id: number; startTime: Date; endTime: Date }, now: Date) {
  const durationMinutes = (visit.endTime.getTime() - visit.startTime.getTime()) / 60_000;
  for (const date of nearbyDays(businessDateOf(visit.startTime))) {
    const day = await dayAvailability(db, { date, durationMinutes, now, exceptVisitId: visit.id });
    const free = day.slots
      .filter((slot) => slot.available)
      .sort(
        (a, b) => Math.abs(a.startTime.getTime() - visit.startTime.getTime()) - Math.abs(b.startTime.getTime() - visit.startTime.getTime()),
      );
    if (free[0]) return { startTime: free[0].startTime, endTime: free[0].endTime };
  }
  return null;
}

/**
 * The plan's visits still to come that hold a crew at a time when the others already hold every
 * crew (docs/product-rules.md#crews). A booking checks its first visit; a series saved by staff
 * reaches a year ahead, so every visit is checked.
 */
export async function findSeriesClashes(db: Db, scheduleId: number, now: Date): Promise<SeriesClash[]> {
  const upcoming = await db
    .select({ id: visits.id, startTime: visits.startTime, endTime: visits.endTime })
    .from(visits)
    .where(and(eq(visits.scheduleId, scheduleId), gt(visits.startTime, now), inArray(visits.status, [...CREW_HOLDING_STATUSES])))
    .orderBy(asc(visits.startTime));
  const capacity = await getCrewCapacity(db);
  const clashes: SeriesClash[] = [];
  for (const visit of upcoming) {
    if ((await countOverlappingVisits(db, { start: visit.startTime, end: visit.endTime, exceptVisitId: visit.id })) < capacity) continue;
    clashes.push({
      visitId: visit.id,
      startTime: visit.startTime,
      endTime: visit.endTime,
      nearestFree: await nearestFreeTime(db, visit, now),
    });
  }
  return clashes;
}

/** One line per clash, as the form lists them and the API answers them. */
export function clashMessage(clash: SeriesClash): string {
  const where = clash.nearestFree ? `the nearest free time is ${at(clash.nearestFree.startTime)}` : "no crew is free within 3 days";
  return `${at(clash.startTime)}: every crew is busy; ${where}.`;
}

/**
 * Staff saving a series: with no clash, nothing to do. Otherwise the save is refused (409) with one
 * issue per clashing visit, unless staff asked to move them; then each goes to its nearest free
 * time, one after another so two never take the same place. Returns what moved.
 */
export async function resolveSeriesClashes(tx: Db, scheduleId: number, options: { move: boolean; now: Date }) {
  let clashes = await findSeriesClashes(tx, scheduleId, options.now);
  if (!clashes.length) return [];
  if (options.move) {
    await lockCapacityForDates(
      tx,
      clashes.flatMap((clash) => nearbyDays(businessDateOf(clash.startTime))),
    );
    clashes = await findSeriesClashes(tx, scheduleId, options.now);
  }
  const unmovable = options.move ? clashes.filter((clash) => !clash.nearestFree) : clashes;
  if (unmovable.length) {
    const count = unmovable.length === 1 ? "1 later visit lands" : `${unmovable.length} later visits land`;
    throw new ConflictListError(
      `${count} when every crew is busy. ${clashMessage(unmovable[0]!)}${options.move ? "" : " Move them to the nearest free times, or pick another time."}`,
      unmovable.map((clash) => ({ path: ["visits", String(clash.visitId)], message: clashMessage(clash) })),
    );
  }
  const moved = [];
  for (const clash of clashes) {
    const visit = await findVisit(tx, String(clash.visitId));
    // Found again after the moves before it: an earlier move may have taken this one's place.
    const target = visit ? await nearestFreeTime(tx, visit, options.now) : null;
    if (!visit || !target)
      throw new ConflictListError(`No crew is free near ${at(clash.startTime)}.`, [
        { path: ["visits", String(clash.visitId)], message: clashMessage(clash) },
      ]);
    await moveVisit(tx, visit, target.startTime, target.endTime, { changedBy: "staff", announcedByPlanSave: true });
    moved.push({
      visitId: String(clash.visitId),
      previousStartTime: clash.startTime,
      startTime: target.startTime,
      endTime: target.endTime,
    });
  }
  return moved;
}
