import { and, asc, eq, exists, gt, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { formatBusinessDate } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { crews, visits } from "@/server/db/schema";
import { ConflictError } from "@/server/errors";
import { CREW_HOLDING_STATUSES } from "@/lib/schedule-enums";
import { LONGEST_VISIT_MS } from "./visits";

const other = alias(visits, "other_visit");

/**
 * A crew does one visit at a time. Run after the visits were written, inside the same transaction
 * (which already holds the day's capacity lock): the first visit still to come of this plan (or
 * this one visit) that overlaps another crew-holding visit of its crew is refused with 409, naming
 * the crew and the time, and the transaction rolls back. Past visits are history and not checked.
 */
export async function assertCrewFree(tx: Db, of: { scheduleId: number } | { visitId: number }, now: Date = new Date()): Promise<void> {
  const holding = [...CREW_HOLDING_STATUSES];
  const [clash] = await tx
    .select({ crewName: crews.name, startTime: visits.startTime })
    .from(visits)
    .innerJoin(crews, eq(crews.id, visits.crewId))
    .where(
      and(
        "scheduleId" in of ? eq(visits.scheduleId, of.scheduleId) : eq(visits.id, of.visitId),
        inArray(visits.status, holding),
        gt(visits.startTime, now),
        exists(
          tx
            .select({ one: sql`1` })
            .from(other)
            .where(
              and(
                eq(other.crewId, visits.crewId),
                ne(other.id, visits.id),
                inArray(other.status, holding),
                gte(other.startTime, sql`${visits.startTime} - ${`${LONGEST_VISIT_MS} milliseconds`}::interval`),
                lt(other.startTime, visits.endTime),
                gt(other.endTime, visits.startTime),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(visits.startTime))
    .limit(1);
  if (!clash) return;
  const at = formatBusinessDate(clash.startTime, "h:mm a 'on' MMMM d");
  throw new ConflictError(`${clash.crewName} already has a visit at ${at}. Pick another crew or time.`);
}
