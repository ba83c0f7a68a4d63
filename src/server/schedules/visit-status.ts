import type { ScheduleStatus } from "@/lib/validation/schedule";
import type { Db } from "@/server/db";
import { NotFoundError } from "@/server/errors";
import { toScheduleVisit } from "./list-schedules";
import { findVisit, setVisitStatus } from "./visits";

/**
 * Spec 4: any status may follow any other. In a series only this visit changes (beyond.md 4);
 * a one-time visit is its schedule.
 */
export async function changeVisitStatus(db: Db, visitId: string, status: ScheduleStatus) {
  const visit = await findVisit(db, visitId);
  if (!visit) throw new NotFoundError("Visit not found");
  await setVisitStatus(db, visit, status);
  const updated = await findVisit(db, visitId);
  return toScheduleVisit(updated!);
}
