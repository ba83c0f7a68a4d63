import type { Db } from "@/server/db";
import { findVisit, listVisits, toNotifiable } from "./visits";
import type { ScheduleStatus } from "@/lib/schedule-enums";
import type { NotifiableVisit } from "./visit-snapshot";

export type { NotifiableVisit } from "./visit-snapshot";

/**
 * The one place notifications read visits from: every visit starting in [from, to), by start time,
 * optionally one customer's or only some statuses.
 */
export async function listVisitsBetween(
  db: Db,
  range: { from: Date; to: Date; customerId?: number; ownedBy?: number; statuses?: readonly ScheduleStatus[] },
): Promise<NotifiableVisit[]> {
  const visits = await listVisits(db, range);
  return visits.filter((visit) => visit.startTime >= range.from && visit.startTime < range.to).map(toNotifiable);
}

/** One visit by the id the schedule API gives it, or null. */
export async function findNotifiableVisit(db: Db, visitId: string): Promise<NotifiableVisit | null> {
  const visit = await findVisit(db, visitId);
  return visit ? toNotifiable(visit) : null;
}
