import { and, asc, between, eq, inArray, sql, type SQL } from "drizzle-orm";
import { businessDateOf } from "@/lib/business-time";
import type { EnrollmentStatus, RoundFacts } from "@/lib/programs";
import type { Db } from "@/server/db";
import { customers, enrollmentRounds, enrollments, programs, services, visits } from "@/server/db/schema";

/** One round of an enrollment with what the list shows and the rules read. */
export interface LoadedRound extends RoundFacts {
  serviceId: number;
  serviceName: string;
  durationMinutes: number;
  purpose: string;
  price: number;
  visitId: number | null;
}

/** An enrollment with its rounds in order, its customer and service address. */
export interface LoadedEnrollment {
  id: number;
  season: number;
  status: EnrollmentStatus;
  programName: string;
  customerId: number;
  customerName: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  /** The enrollment's lawn size, else the size of the customer's latest plan that names one. */
  lawnSizeSqFt: number | null;
  rounds: LoadedRound[];
}

/** The customer's usual lawn size: the latest plan of theirs that recorded one. */
const usualLawnSize = sql<number | null>`(select s.lawn_size_sq_ft from schedules s
  where s.customer_id = ${customers.id} and s.lawn_size_sq_ft is not null order by s.id desc limit 1)`;

/**
 * Every round of the enrollments chosen by `where`, each with its visit's status and Austin day: one
 * statement whatever the number of enrollments (the list reads a few thousand at once).
 */
async function loadRounds(db: Db, where: SQL | undefined): Promise<LoadedEnrollment[]> {
  const rows = await db
    .select({
      enrollmentId: enrollments.id,
      season: enrollments.season,
      status: enrollments.status,
      lawnSizeSqFt: sql<number | null>`coalesce(${enrollments.lawnSizeSqFt}, ${usualLawnSize})`.mapWith((value) =>
        value === null ? null : Number(value),
      ),
      programName: programs.name,
      customerId: customers.id,
      customerName: customers.fullName,
      address: customers.address,
      city: customers.city,
      state: customers.state,
      zipCode: customers.zipCode,
      position: enrollmentRounds.position,
      serviceId: enrollmentRounds.serviceId,
      serviceName: services.name,
      durationMinutes: services.duration,
      windowStart: enrollmentRounds.windowStart,
      windowEnd: enrollmentRounds.windowEnd,
      minDaysSincePrevious: enrollmentRounds.minDaysSincePrevious,
      purpose: enrollmentRounds.purpose,
      price: enrollmentRounds.price,
      visitId: enrollmentRounds.visitId,
      skippedAt: enrollmentRounds.skippedAt,
      visitStatus: visits.status,
      visitStart: visits.startTime,
    })
    .from(enrollmentRounds)
    .innerJoin(enrollments, eq(enrollments.id, enrollmentRounds.enrollmentId))
    .innerJoin(programs, eq(programs.id, enrollments.programId))
    .innerJoin(customers, eq(customers.id, enrollments.customerId))
    .innerJoin(services, eq(services.id, enrollmentRounds.serviceId))
    .leftJoin(visits, eq(visits.id, enrollmentRounds.visitId))
    .where(where)
    .orderBy(asc(enrollments.id), asc(enrollmentRounds.position));

  const byId = new Map<number, LoadedEnrollment>();
  for (const row of rows) {
    let enrollment = byId.get(row.enrollmentId);
    if (!enrollment) {
      enrollment = {
        id: row.enrollmentId,
        season: row.season,
        status: row.status,
        programName: row.programName,
        customerId: row.customerId,
        customerName: row.customerName,
        address: row.address,
        city: row.city,
        state: row.state,
        zipCode: row.zipCode,
        lawnSizeSqFt: row.lawnSizeSqFt,
        rounds: [],
      };
      byId.set(row.enrollmentId, enrollment);
    }
    enrollment.rounds.push({
      position: row.position,
      serviceId: row.serviceId,
      serviceName: row.serviceName,
      durationMinutes: row.durationMinutes,
      windowStart: row.windowStart,
      windowEnd: row.windowEnd,
      minDaysSincePrevious: row.minDaysSincePrevious,
      purpose: row.purpose,
      price: row.price,
      visitId: row.visitId,
      skipped: row.skippedAt !== null,
      visit: row.visitStatus && row.visitStart ? { status: row.visitStatus, day: businessDateOf(row.visitStart) } : null,
    });
  }
  return [...byId.values()];
}

/** The active enrollments of the seasons from `firstSeason` to `lastSeason`. */
export function loadActiveEnrollments(db: Db, firstSeason: number, lastSeason: number) {
  return loadRounds(db, and(eq(enrollments.status, "active"), between(enrollments.season, firstSeason, lastSeason)));
}

/** The named enrollments, active or not (scheduling says why a cancelled one is refused). */
export function loadEnrollments(db: Db, ids: number[]) {
  return ids.length ? loadRounds(db, inArray(enrollments.id, ids)) : Promise.resolve([]);
}
