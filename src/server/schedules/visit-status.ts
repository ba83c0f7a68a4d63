import { recordOnCompletion, type ApplicationSubmission } from "@/server/applications/record";
import type { Db } from "@/server/db";
import { ForbiddenError, InvalidInputError, NotFoundError } from "@/server/errors";
import { assertCrewFree } from "./crew-assignment";
import { claimCrew } from "./crew-capacity";
import { toScheduleVisit } from "./list-schedules";
import { findVisit, setVisitStatus } from "./visits";
import type { ScheduleStatus } from "@/lib/schedule-enums";
import { crewMayChangeVisitStatus } from "@/lib/crew-day";

export const APPLICATION_ONLY_ON_COMPLETION = "An application record goes with completing a visit that is not completed yet.";

export const CREW_CHANGES_TODAY_ONLY =
  "Crew accounts change visits of today, and may complete an earlier day's visit late. Ask the office to change a visit of another day.";

/**
 * Any status may follow any other; only this visit changes, even in a series. A visit that takes a
 * crew again (back to pending or confirmed) must find one free, as a booking must. A crew member
 * changes only their own crew's visits (another crew's reads as not found), and only on the days
 * `crewMayChangeVisitStatus` allows: never a later day's visit, which would charge autopay early.
 * Every completion passes here, so here a treatment visit is completed only with its application
 * record (docs/product-rules.md#application-records), written in the same transaction.
 */
export async function changeVisitStatus(
  db: Db,
  visitId: string,
  status: ScheduleStatus,
  now = new Date(),
  scope?: { crewId: number },
  application?: ApplicationSubmission,
) {
  return db.transaction(async (tx) => {
    const visit = await findVisit(tx, visitId);
    if (!visit || (scope && visit.crewId !== scope.crewId)) throw new NotFoundError("Visit not found");
    if (scope && !crewMayChangeVisitStatus(visit.startTime, status, now)) throw new ForbiddenError(CREW_CHANGES_TODAY_ONLY);
    const holdsCrew = visit.status === "pending" || visit.status === "confirmed";
    if (!holdsCrew) await claimCrew(tx, { startTime: visit.startTime, endTime: visit.endTime, status }, now);
    await setVisitStatus(tx, visit, status);
    if (status === "completed" && visit.status !== "completed") await recordOnCompletion(tx, visit, application, now);
    else if (application) throw new InvalidInputError(APPLICATION_ONLY_ON_COMPLETION, "application");
    if (!holdsCrew) await assertCrewFree(tx, { visitId: visit.id }, now);
    return toScheduleVisit((await findVisit(tx, visit.visitId))!);
  });
}
