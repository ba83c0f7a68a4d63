import { and, asc, eq, gte, inArray, isNotNull, lt, lte } from "drizzle-orm";
import { addDays, businessToday, startOfBusinessDay } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { visitFieldReports, visits } from "@/server/db/schema";
import { findCrewStop, type CrewStop } from "./crew-day";

/**
 * The crews' "Can't do it" reports of today on visits still to do, oldest first: what the office
 * must act on now (move, reassign or cancel the visit). Any change to the visit after the report
 * (moved, given to another crew, cancelled, completed) clears it; a new report shows again.
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
        // Every change to a visit stamps updated_at; a report is itself no change to the visit.
        lte(visits.updatedAt, visitFieldReports.problemAt),
      ),
    )
    .orderBy(asc(visitFieldReports.problemAt));
  const stops = await Promise.all(rows.map((row) => findCrewStop(db, row.visitId)));
  return stops.filter((stop): stop is CrewStop => stop !== null);
}
