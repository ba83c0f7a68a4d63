import { and, asc, eq, gte, inArray, isNotNull, lt } from "drizzle-orm";
import { addDays, businessToday, startOfBusinessDay } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { visitFieldReports, visits } from "@/server/db/schema";
import { findCrewStop, type CrewStop } from "./crew-day";

/**
 * The crews' "Can't do it" reports of today on visits still to do, oldest first: what the office
 * must act on now (move, reassign or cancel the visit). Completing or cancelling the visit clears it.
 */
export async function listOpenProblems(db: Db, now = new Date()): Promise<CrewStop[]> {
  const today = businessToday(now);
  const rows = await db
    .select({ visitId: visitFieldReports.visitId })
    .from(visitFieldReports)
    .innerJoin(visits, eq(visits.id, visitFieldReports.visitId))
    .where(
      and(
        isNotNull(visitFieldReports.problemAt),
        gte(visitFieldReports.problemAt, startOfBusinessDay(today)),
        lt(visitFieldReports.problemAt, startOfBusinessDay(addDays(today, 1))),
        inArray(visits.status, ["pending", "confirmed"]),
      ),
    )
    .orderBy(asc(visitFieldReports.problemAt));
  const stops = await Promise.all(rows.map((row) => findCrewStop(db, row.visitId)));
  return stops.filter((stop): stop is CrewStop => stop !== null);
}
