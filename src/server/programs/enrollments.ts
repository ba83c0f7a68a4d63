import { and, asc, desc, eq, inArray, isNotNull, type SQL } from "drizzle-orm";
import { businessDateOf, businessToday } from "@/lib/business-time";
import { DEFAULT_LAWN_SIZE_SQ_FT, servicePriceCents } from "@/lib/pricing";
import {
  defaultSeason,
  nextRound,
  roundStandings,
  seasonDay,
  type RoundState,
  type EnrollmentSource,
  type SkippedBy,
} from "@/lib/programs";
import { PROGRAM_MESSAGES, type TEnrollForm } from "@/lib/validation/programs";
import type { Db } from "@/server/db";
import { isUniqueViolation } from "@/server/db/errors";
import { customers, enrollmentRounds, enrollments, programRounds, programs, schedules, services, visits } from "@/server/db/schema";
import { ConflictError, InvalidInputError, NotFoundError } from "@/server/errors";

// A customer enrolled in a program for a season (docs/product-rules.md#lawn-programs).

export interface EnrollmentRound {
  position: number;
  serviceId: number;
  serviceName: string;
  windowStart: string;
  windowEnd: string;
  minDaysSincePrevious: number;
  purpose: string;
  price: number;
  visitId: string | null;
  skippedBy: SkippedBy | null;
  state: RoundState;
  opensOn: string;
  closesOn: string;
  dueFrom: string;
  doneOn: string | null;
}

export interface Enrollment {
  id: number;
  customerId: number;
  customerName: string;
  programId: number;
  programName: string;
  season: number;
  lawnSizeSqFt: number | null;
  status: "active" | "cancelled";
  source: EnrollmentSource;
  autoRenew: boolean;
  renewalStoppedAt: Date | null;
  cancelledAt: Date | null;
  createdAt: Date;
  rounds: EnrollmentRound[];
  /** The round to do next (due, or waiting for its window or gap), or none when the season is over. */
  nextRound: { position: number; opensOn: string; closesOn: string; dueFrom: string } | null;
}

export { defaultSeason };

/**
 * Enrolls a customer: the program's rounds as they are now are copied into the enrollment, each
 * priced for the lawn (the catalogue's rule: a flat price, or cents per sq ft times its size).
 * One enrollment per customer, program and season.
 */
export async function enroll(
  db: Db,
  form: TEnrollForm,
  options: {
    source: EnrollmentSource;
    quoteId?: number | null;
    renewedFromId?: number | null;
    now?: Date;
    /**
     * An accepted quote keeps the business's word: it enrolls even when the program was retired since
     * it was sent, or its season's last window closed while its deposit was being paid.
     */
    keepingAQuote?: boolean;
  } = { source: "staff" },
): Promise<Enrollment> {
  const now = options.now ?? new Date();
  const today = businessToday(now);
  const id = await db.transaction(async (tx) => {
    const [program] = await tx.select().from(programs).where(eq(programs.id, form.programId));
    if (!program) throw new NotFoundError(PROGRAM_MESSAGES.notFound);
    if (!program.active && !options.keepingAQuote) throw new InvalidInputError(PROGRAM_MESSAGES.retired, "programId");
    const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, form.customerId));
    if (!customer) throw new NotFoundError("Customer not found");
    const rounds = await tx
      .select()
      .from(programRounds)
      .where(eq(programRounds.programId, program.id))
      .orderBy(asc(programRounds.position));
    const season = form.season ?? defaultSeason(rounds, today);
    if (!options.keepingAQuote && !rounds.some((round) => seasonDay(season, round.windowEnd) >= today)) {
      throw new InvalidInputError(PROGRAM_MESSAGES.seasonOver, "season");
    }
    const lawnSizeSqFt = form.lawnSizeSqFt ?? (await usualLawnSize(tx, form.customerId));
    let enrollmentId: number;
    try {
      const [row] = await tx
        .insert(enrollments)
        .values({
          customerId: form.customerId,
          programId: program.id,
          season,
          lawnSizeSqFt,
          source: options.source,
          quoteId: options.quoteId ?? null,
          renewedFromId: options.renewedFromId ?? null,
          autoRenew: form.autoRenew,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: enrollments.id });
      enrollmentId = row!.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(PROGRAM_MESSAGES.alreadyEnrolled);
      throw error;
    }
    await tx.insert(enrollmentRounds).values(
      rounds.map((round) => ({
        enrollmentId,
        position: round.position,
        serviceId: round.serviceId,
        windowStart: round.windowStart,
        windowEnd: round.windowEnd,
        minDaysSincePrevious: round.minDaysSincePrevious,
        purpose: round.purpose,
        price: servicePriceCents(round, lawnSizeSqFt),
      })),
    );
    return enrollmentId;
  });
  return getEnrollment(db, id, now);
}

/** The lawn size of the customer's latest plan that has one, else the catalogue's default. */
async function usualLawnSize(db: Db, customerId: number): Promise<number> {
  const [plan] = await db
    .select({ lawnSizeSqFt: schedules.lawnSizeSqFt })
    .from(schedules)
    .where(and(eq(schedules.customerId, customerId), isNotNull(schedules.lawnSizeSqFt)))
    .orderBy(desc(schedules.startTime))
    .limit(1);
  return plan?.lawnSizeSqFt ?? DEFAULT_LAWN_SIZE_SQ_FT;
}

/** Enrollments with their rounds' standing on `now`'s Austin day, newest season first. */
export async function listEnrollments(
  db: Db,
  filter: { customerId?: number; programId?: number; season?: number; ids?: number[] } = {},
  now = new Date(),
): Promise<Enrollment[]> {
  const conditions: SQL[] = [];
  if (filter.customerId !== undefined) conditions.push(eq(enrollments.customerId, filter.customerId));
  if (filter.programId !== undefined) conditions.push(eq(enrollments.programId, filter.programId));
  if (filter.season !== undefined) conditions.push(eq(enrollments.season, filter.season));
  if (filter.ids !== undefined) conditions.push(inArray(enrollments.id, filter.ids.length ? filter.ids : [0]));
  const rows = await db
    .select({ enrollment: enrollments, customerName: customers.fullName, programName: programs.name })
    .from(enrollments)
    .innerJoin(customers, eq(customers.id, enrollments.customerId))
    .innerJoin(programs, eq(programs.id, enrollments.programId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(enrollments.season), asc(programs.name), asc(enrollments.id))
    .limit(500);
  if (rows.length === 0) return [];
  const rounds = await db
    .select({
      round: enrollmentRounds,
      serviceName: services.name,
      visitStatus: visits.status,
      visitStart: visits.startTime,
    })
    .from(enrollmentRounds)
    .innerJoin(services, eq(services.id, enrollmentRounds.serviceId))
    .leftJoin(visits, eq(visits.id, enrollmentRounds.visitId))
    .where(
      inArray(
        enrollmentRounds.enrollmentId,
        rows.map((row) => row.enrollment.id),
      ),
    )
    .orderBy(asc(enrollmentRounds.enrollmentId), asc(enrollmentRounds.position));
  const today = businessToday(now);
  return rows.map(({ enrollment, customerName, programName }) => {
    const own = rounds.filter(({ round }) => round.enrollmentId === enrollment.id);
    const standings = roundStandings(
      enrollment.season,
      own.map(({ round, visitStatus, visitStart }) => ({
        position: round.position,
        windowStart: round.windowStart,
        windowEnd: round.windowEnd,
        minDaysSincePrevious: round.minDaysSincePrevious,
        skipped: round.skippedAt !== null,
        visit: visitStatus && visitStart ? { status: visitStatus, day: businessDateOf(visitStart) } : null,
      })),
      today,
      enrollment.status === "cancelled",
    );
    const next = nextRound(standings);
    return {
      id: enrollment.id,
      customerId: enrollment.customerId,
      customerName,
      programId: enrollment.programId,
      programName,
      season: enrollment.season,
      lawnSizeSqFt: enrollment.lawnSizeSqFt,
      status: enrollment.status,
      source: enrollment.source,
      autoRenew: enrollment.autoRenew,
      renewalStoppedAt: enrollment.renewalStoppedAt,
      cancelledAt: enrollment.cancelledAt,
      createdAt: enrollment.createdAt,
      rounds: own.map(({ round, serviceName }) => {
        const standing = standings.find((each) => each.position === round.position)!;
        return {
          position: round.position,
          serviceId: round.serviceId,
          serviceName,
          windowStart: round.windowStart,
          windowEnd: round.windowEnd,
          minDaysSincePrevious: round.minDaysSincePrevious,
          purpose: round.purpose,
          price: round.price,
          visitId: round.visitId === null ? null : String(round.visitId),
          skippedBy: round.skippedBy,
          state: standing.state,
          opensOn: standing.opensOn,
          closesOn: standing.closesOn,
          dueFrom: standing.dueFrom,
          doneOn: standing.doneOn,
        };
      }),
      nextRound: next && { position: next.position, opensOn: next.opensOn, closesOn: next.closesOn, dueFrom: next.dueFrom },
    };
  });
}

export async function getEnrollment(db: Db, id: number, now = new Date()): Promise<Enrollment> {
  const [enrollment] = await listEnrollments(db, { ids: [id] }, now);
  if (!enrollment) throw new NotFoundError(PROGRAM_MESSAGES.enrollmentNotFound);
  return enrollment;
}

/** Ends an enrollment: no round of it is due or missed any more. Visits already planned stay for the office to keep or cancel. */
export async function cancelEnrollment(db: Db, id: number, now = new Date()): Promise<Enrollment> {
  const [row] = await db
    .update(enrollments)
    .set({ status: "cancelled", cancelledAt: now, autoRenew: false, updatedAt: now })
    .where(and(eq(enrollments.id, id), eq(enrollments.status, "active")))
    .returning({ id: enrollments.id });
  if (!row) {
    const [exists] = await db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.id, id));
    if (!exists) throw new NotFoundError(PROGRAM_MESSAGES.enrollmentNotFound);
  }
  return getEnrollment(db, id, now);
}

/**
 * Skips a round, or takes the skip back. A round done, or with a visit planned, cannot be skipped:
 * its visit is cancelled first (the office's schedule, or the customer's portal).
 */
export async function setRoundSkipped(
  db: Db,
  input: { enrollmentId: number; position: number; skipped: boolean; by: SkippedBy; customerId?: number },
  now = new Date(),
): Promise<Enrollment> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: enrollments.status, customerId: enrollments.customerId })
      .from(enrollments)
      .where(eq(enrollments.id, input.enrollmentId))
      .for("update");
    // A customer asking of someone else's enrollment learns nothing of it.
    if (!row || (input.customerId !== undefined && row.customerId !== input.customerId)) {
      throw new NotFoundError(PROGRAM_MESSAGES.enrollmentNotFound);
    }
    if (row.status === "cancelled") throw new ConflictError(PROGRAM_MESSAGES.enrollmentCancelled);
    const enrollment = await getEnrollment(tx, input.enrollmentId, now);
    const round = enrollment.rounds.find((each) => each.position === input.position);
    if (!round) throw new NotFoundError(PROGRAM_MESSAGES.roundNotFound);
    if (round.state === "done") throw new ConflictError(PROGRAM_MESSAGES.roundDone);
    if (round.state === "scheduled") throw new ConflictError(PROGRAM_MESSAGES.roundScheduled);
    await tx
      .update(enrollmentRounds)
      .set(input.skipped ? { skippedAt: now, skippedBy: input.by } : { skippedAt: null, skippedBy: null })
      .where(and(eq(enrollmentRounds.enrollmentId, input.enrollmentId), eq(enrollmentRounds.position, input.position)));
    await tx.update(enrollments).set({ updatedAt: now }).where(eq(enrollments.id, input.enrollmentId));
  });
  return getEnrollment(db, input.enrollmentId, now);
}

/** The customer stops (or lets) their enrollment renew for the next season. */
export async function setRenewal(
  db: Db,
  input: { enrollmentId: number; autoRenew: boolean; customerId?: number },
  now = new Date(),
): Promise<Enrollment> {
  const [row] = await db
    .select({ customerId: enrollments.customerId, status: enrollments.status })
    .from(enrollments)
    .where(eq(enrollments.id, input.enrollmentId));
  if (!row || (input.customerId !== undefined && row.customerId !== input.customerId)) {
    throw new NotFoundError(PROGRAM_MESSAGES.enrollmentNotFound);
  }
  if (row.status === "cancelled") throw new ConflictError(PROGRAM_MESSAGES.enrollmentCancelled);
  await db
    .update(enrollments)
    .set(
      input.autoRenew
        ? { autoRenew: true, renewalStoppedAt: null, updatedAt: now }
        : { autoRenew: false, renewalStoppedAt: now, updatedAt: now },
    )
    .where(eq(enrollments.id, input.enrollmentId));
  return getEnrollment(db, input.enrollmentId, now);
}
