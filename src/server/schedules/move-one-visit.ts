import { businessInstant, type DateString } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { ConflictError, InvalidInputError, NotFoundError } from "@/server/errors";
import { assertCrewFree } from "./crew-assignment";
import { claimCrew } from "./crew-capacity";
import { toScheduleVisit } from "./list-schedules";
import { findVisit, moveVisit } from "./visits";

export const MOVE_MESSAGES = {
  notToDo: "Only a visit still to do (pending or confirmed) can be moved.",
  past: "Pick a time still to come.",
} as const;

/**
 * Staff move one visit to another day or time, keeping its length; in a series only this visit
 * moves, as when a customer reschedules. The new time must find a free crew, as a booking must
 * (409 otherwise), and the customer hears of it as of any change by the office.
 */
export async function moveOneVisit(db: Db, input: { visitId: string; date: DateString; startTime: string }, now = new Date()) {
  return db.transaction(async (tx) => {
    const visit = await findVisit(tx, input.visitId);
    if (!visit) throw new NotFoundError("Visit not found");
    if (visit.status !== "pending" && visit.status !== "confirmed") throw new ConflictError(MOVE_MESSAGES.notToDo);
    const startTime = businessInstant(input.date, input.startTime);
    if (startTime <= now) throw new InvalidInputError(MOVE_MESSAGES.past, "startTime");
    const endTime = new Date(startTime.getTime() + (visit.endTime.getTime() - visit.startTime.getTime()));

    await claimCrew(tx, { startTime, endTime, status: visit.status, exceptVisitId: visit.id }, now);
    await moveVisit(tx, visit, startTime, endTime, { changedBy: "staff", now });
    await assertCrewFree(tx, { visitId: visit.id }, now);
    return toScheduleVisit((await findVisit(tx, visit.visitId))!);
  });
}
