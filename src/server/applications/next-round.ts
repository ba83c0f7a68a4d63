import { asc, eq } from "drizzle-orm";
import { businessDateOf, businessToday } from "@/lib/business-time";
import { nextRound, roundStandings } from "@/lib/programs";
import type { Db } from "@/server/db";
import { enrollmentRounds, enrollments, visits } from "@/server/db/schema";

export interface ProgramRoundOfVisit {
  /** The purpose of the round the visit is (the record's target, prefilled). */
  purpose: string;
  /** The enrollment's next round after today, if one is left this season. */
  next: { position: number; opensOn: string; closesOn: string } | null;
}

/** The enrollment round a visit is, with the next one's window; null when the visit is no round. */
export async function programRoundOfVisit(db: Db, visitId: number, now = new Date()): Promise<ProgramRoundOfVisit | null> {
  const [round] = await db
    .select({ enrollmentId: enrollmentRounds.enrollmentId, purpose: enrollmentRounds.purpose })
    .from(enrollmentRounds)
    .where(eq(enrollmentRounds.visitId, visitId));
  if (!round) return null;
  const [enrollment] = await db.select().from(enrollments).where(eq(enrollments.id, round.enrollmentId));
  const rows = await db
    .select({ round: enrollmentRounds, visit: { status: visits.status, startTime: visits.startTime } })
    .from(enrollmentRounds)
    .leftJoin(visits, eq(visits.id, enrollmentRounds.visitId))
    .where(eq(enrollmentRounds.enrollmentId, round.enrollmentId))
    .orderBy(asc(enrollmentRounds.position));
  const standings = roundStandings(
    enrollment!.season,
    rows.map(({ round: facts, visit }) => ({
      position: facts.position,
      windowStart: facts.windowStart,
      windowEnd: facts.windowEnd,
      minDaysSincePrevious: facts.minDaysSincePrevious,
      skipped: facts.skippedAt !== null,
      visit: visit ? { status: visit.status, day: businessDateOf(visit.startTime) } : null,
    })),
    businessToday(now),
    enrollment!.status === "cancelled",
  );
  const next = nextRound(standings);
  return { purpose: round.purpose, next: next ? { position: next.position, opensOn: next.dueFrom, closesOn: next.closesOn } : null };
}
