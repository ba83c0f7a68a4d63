import {
  businessDateOf,
  businessInstant,
  businessTimeOf,
  businessToday,
  endOfBusinessDayExclusive,
  formatBusinessDate,
  isDateString,
  startOfBusinessDay,
  type DateString,
} from "@/lib/business-time";
import { inArray } from "drizzle-orm";
import type { Db } from "@/server/db";
import { crews, messages } from "@/server/db/schema";
import { ConflictError, InvalidInputError } from "@/server/errors";
import { assertCrewFree } from "./crew-assignment";
import { getCrewCapacity, lockCapacityForDates } from "./crew-capacity";
import { listVisits, moveVisit, type Visit } from "./visits";

// Only visits still to happen move: completed and cancelled ones stay where they were.
const ACTIVE_STATUSES = ["pending", "confirmed"] as const;

interface Interval {
  startTime: Date;
  endTime: Date;
}

export interface RainDayMove {
  visit: Visit;
  newStartTime: Date;
  newEndTime: Date;
}

export interface RainDayConflict {
  visitId: string;
  customerName: string;
  newStartTime: Date;
  newEndTime: Date;
  message: string;
}

function validateDates(fromDate: string, toDate: string, now: Date) {
  if (!isDateString(fromDate)) throw new InvalidInputError("Pick the day to move visits from", "fromDate");
  if (!isDateString(toDate)) throw new InvalidInputError("Pick the day to move visits to", "toDate");
  if (toDate === fromDate) throw new InvalidInputError("Pick a different day to move the visits to", "toDate");
  if (toDate < businessToday(now)) throw new InvalidInputError("Visits can only be moved to today or a later day", "toDate");
}

/** The same Austin wall-clock time on the new day, whatever the offset (DST) there. */
function onNewDay(instant: Date, toDate: DateString): Date {
  return businessInstant(toDate, businessTimeOf(instant));
}

function overlapCountAt(intervals: Interval[], instant: Date) {
  return intervals.filter((interval) => interval.startTime <= instant && interval.endTime > instant).length;
}

/**
 * After the move, no more visits may overlap than the crew can handle. The
 * busiest moment of an interval is one of the start times inside it, so those are checked.
 */
function findConflicts(moves: RainDayMove[], alreadyThere: Interval[], capacity: number): RainDayConflict[] {
  const all: Interval[] = [...alreadyThere, ...moves.map((move) => ({ startTime: move.newStartTime, endTime: move.newEndTime }))];
  const conflicts: RainDayConflict[] = [];
  for (const move of moves) {
    const starts = all.map((interval) => interval.startTime).filter((start) => start >= move.newStartTime && start < move.newEndTime);
    const counts = starts.map((start) => ({ start, overlapping: overlapCountAt(all, start) }));
    const busiest = counts.reduce((most, entry) => (entry.overlapping > most.overlapping ? entry : most));
    if (busiest.overlapping > capacity) {
      conflicts.push({
        visitId: move.visit.visitId,
        customerName: move.visit.customer.fullName,
        newStartTime: move.newStartTime,
        newEndTime: move.newEndTime,
        message: `${busiest.overlapping} visits would overlap at ${formatBusinessDate(busiest.start, "h:mm a")}; the crew capacity is ${capacity}`,
      });
    }
  }
  return conflicts;
}

/**
 * A moved visit keeps its crew, and a crew does one visit at a time (docs/product-rules.md#crews):
 * each move that would overlap another visit of its crew on the new day (one already there, or
 * one moving too) is a conflict, named as the move itself would name it.
 */
async function findCrewConflicts(db: Db, moves: RainDayMove[], alreadyThere: Visit[]): Promise<RainDayConflict[]> {
  const crewIds = [...new Set(moves.map((move) => move.visit.crewId).filter((id): id is number => id !== null))];
  if (!crewIds.length) return [];
  const names = new Map(
    (await db.select({ id: crews.id, name: crews.name }).from(crews).where(inArray(crews.id, crewIds))).map((crew) => [crew.id, crew.name]),
  );
  const others = (move: RainDayMove): Array<Interval & { crewId: number | null }> => [
    ...alreadyThere.map((visit) => ({ startTime: visit.startTime, endTime: visit.endTime, crewId: visit.crewId })),
    ...moves
      .filter((other) => other !== move)
      .map((other) => ({ startTime: other.newStartTime, endTime: other.newEndTime, crewId: other.visit.crewId })),
  ];
  const conflicts: RainDayConflict[] = [];
  for (const move of moves) {
    if (move.visit.crewId === null) continue;
    const clash = others(move)
      .filter((other) => other.crewId === move.visit.crewId && other.startTime < move.newEndTime && other.endTime > move.newStartTime)
      .sort((a, b) => a.startTime.getTime() - b.startTime.getTime())[0];
    if (!clash) continue;
    conflicts.push({
      visitId: move.visit.visitId,
      customerName: move.visit.customer.fullName,
      newStartTime: move.newStartTime,
      newEndTime: move.newEndTime,
      message: `${names.get(move.visit.crewId) ?? "Its crew"} already has a visit at ${formatBusinessDate(clash.startTime, "h:mm a")}; pick another crew or day`,
    });
  }
  return conflicts;
}

/** What a rain-day move would do: the visits that move, and any slot or crew it would overfill. */
export async function planRainDayMove(db: Db, input: { fromDate: string; toDate: string; now?: Date }) {
  validateDates(input.fromDate, input.toDate, input.now ?? new Date());
  const { fromDate, toDate } = input;
  const dayRange = (date: DateString) => ({ from: startOfBusinessDay(date), to: endOfBusinessDayExclusive(date) });

  const onRainDay = await listVisits(db, { ...dayRange(fromDate), statuses: ACTIVE_STATUSES });
  // A visit that only spills over from the evening before is not this day's visit.
  const moving = onRainDay.filter((visit) => businessDateOf(visit.startTime) === fromDate);
  const moves = moving.map((visit) => ({
    visit,
    newStartTime: onNewDay(visit.startTime, toDate),
    newEndTime: new Date(onNewDay(visit.startTime, toDate).getTime() + (visit.endTime.getTime() - visit.startTime.getTime())),
  }));
  const movingIds = new Set(moving.map((visit) => visit.visitId));
  const alreadyThere = (await listVisits(db, { ...dayRange(toDate), statuses: ACTIVE_STATUSES })).filter(
    (visit) => !movingIds.has(visit.visitId),
  );
  const capacity = await getCrewCapacity(db);
  const conflicts = [...findConflicts(moves, alreadyThere, capacity), ...(await findCrewConflicts(db, moves, alreadyThere))];
  return { fromDate, toDate, crewCapacity: capacity, moves, conflicts };
}

function rescheduleMessage(customerMoves: RainDayMove[]) {
  const oldDay = formatBusinessDate(customerMoves[0]!.visit.startTime, "EEEE, MMMM d");
  const newDay = formatBusinessDate(customerMoves[0]!.newStartTime, "EEEE, MMMM d, yyyy");
  const times = customerMoves.map((move) => formatBusinessDate(move.newStartTime, "h:mm a")).join(" and ");
  return (
    `Because of the weather, we have moved your visit on ${oldDay} to ${newDay}, at the same time (${times}). ` +
    "Reply here if the new day does not work for you."
  );
}

/**
 * Rain day (docs/product-rules.md#recurring-plans-and-visits): moves every pending or confirmed
 * visit of a day to another day, keeping times and series, and tells each customer in their portal
 * conversation. Nothing moves while any visit would overfill the crew; the plan is re-checked under
 * a lock so two moves cannot race.
 */
export async function moveRainDay(db: Db, input: { fromDate: string; toDate: string; staffUserId: number | null; now?: Date }) {
  return db.transaction(async (tx) => {
    // The same per-day locks bookings take, so a booking cannot fill the new day mid-move.
    await lockCapacityForDates(tx, [input.fromDate, input.toDate]);
    const plan = await planRainDayMove(tx, input);
    if (plan.conflicts.length > 0) {
      throw new ConflictError(
        `Nothing was moved: ${plan.conflicts.length} visit${plan.conflicts.length === 1 ? "" : "s"} would clash on the new day (crew capacity ${plan.crewCapacity}). ${plan.conflicts[0]!.message}.`,
      );
    }
    for (const move of plan.moves) {
      await moveVisit(tx, move.visit, move.newStartTime, move.newEndTime, { changedBy: "staff", rainDay: true, now: input.now });
    }
    // A moved visit keeps its crew, which must be free at the new time (else nothing moves).
    for (const move of plan.moves) await assertCrewFree(tx, { visitId: move.visit.id }, input.now);

    const byCustomer = new Map<number, RainDayMove[]>();
    for (const move of plan.moves) byCustomer.set(move.visit.customerId, [...(byCustomer.get(move.visit.customerId) ?? []), move]);
    if (byCustomer.size > 0) {
      await tx.insert(messages).values(
        [...byCustomer].map(([customerId, customerMoves]) => ({
          customerId,
          userId: input.staffUserId,
          content: rescheduleMessage(customerMoves),
          senderType: "user" as const,
          read: false,
        })),
      );
    }
    return { fromDate: plan.fromDate, toDate: plan.toDate, movedVisits: plan.moves.length, notifiedCustomers: byCustomer.size };
  });
}
