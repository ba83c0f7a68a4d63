import type { ScheduleStatus } from "@/lib/validation/schedule";
import type { Db } from "@/server/db";
import { NotFoundError } from "@/server/errors";
import { toScheduleVisit } from "./list-schedules";
import { findVisit, setVisitStatus } from "./visits";
import { announceVisitChange } from "@/server/notifications/visit-changes";
import { findNotifiableVisit } from "@/server/notifications/visit-source";
import { onVisitCompleted } from "@/server/payments/autopay";

/**
 * Spec 4: any status may follow any other. In a series only this visit changes (beyond.md 4);
 * a one-time visit is its schedule.
 */
export async function changeVisitStatus(db: Db, visitId: string, status: ScheduleStatus) {
  return db.transaction(async (tx) => {
    const before = await findNotifiableVisit(tx, visitId);
    const visit = await findVisit(tx, visitId);
    if (!visit || !before) throw new NotFoundError("Visit not found");
    await setVisitStatus(tx, visit, status);
    if (status === "completed") await onVisitCompleted(tx, visit);
    await announceVisitChange(tx, before, (await findNotifiableVisit(tx, visitId))!);
    const updated = await findVisit(tx, visitId);
    return toScheduleVisit(updated!);
  });
}
