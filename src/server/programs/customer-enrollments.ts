import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers } from "@/server/db/schema";
import { ConflictError, NotFoundError } from "@/server/errors";
import { accountConfirmed } from "@/server/ownership/ownership";
import { PROGRAM_MESSAGES } from "@/lib/validation/programs";
import { listEnrollments, setRenewal, setRoundSkipped, type Enrollment } from "./enrollments";

// The portal's side of lawn programs: a customer sees and changes only their own enrollments, and
// only once their account is confirmed (as for the plans the office made: src/server/ownership).

export const NO_ROUND_TO_SKIP = "No round is left to skip this season.";
export const ROUND_ALREADY_PLANNED = "Your next round already has a visit planned: change or cancel that visit in My Account instead.";

async function confirmed(db: Db, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ ok: sql<boolean>`${accountConfirmed(customerId)}` })
    .from(customers)
    .where(eq(customers.id, customerId));
  return Boolean(row?.ok);
}

export async function customerEnrollments(db: Db, customerId: number, now = new Date()): Promise<Enrollment[]> {
  if (!(await confirmed(db, customerId))) return [];
  return listEnrollments(db, { customerId }, now);
}

async function ownEnrollment(db: Db, customerId: number, enrollmentId: number, now: Date): Promise<Enrollment> {
  const enrollment = (await customerEnrollments(db, customerId, now)).find((each) => each.id === enrollmentId);
  if (!enrollment) throw new NotFoundError(PROGRAM_MESSAGES.enrollmentNotFound);
  return enrollment;
}

/**
 * Skips the next round of the season: the first one not done, skipped or missed. A round with a
 * visit planned is changed through that visit (the portal's rules for visits apply there).
 */
export async function customerSkipRound(db: Db, customerId: number, enrollmentId: number, now = new Date()): Promise<Enrollment> {
  const enrollment = await ownEnrollment(db, customerId, enrollmentId, now);
  if (enrollment.status === "cancelled") throw new ConflictError(PROGRAM_MESSAGES.enrollmentCancelled);
  const next = enrollment.rounds.find((round) => round.state === "scheduled" || round.state === "due" || round.state === "waiting");
  if (!next) throw new ConflictError(NO_ROUND_TO_SKIP);
  if (next.state === "scheduled") throw new ConflictError(ROUND_ALREADY_PLANNED);
  return setRoundSkipped(db, { enrollmentId, position: next.position, skipped: true, by: "customer", customerId }, now);
}

export async function customerSetRenewal(db: Db, customerId: number, enrollmentId: number, autoRenew: boolean, now = new Date()) {
  await ownEnrollment(db, customerId, enrollmentId, now);
  return setRenewal(db, { enrollmentId, autoRenew, customerId }, now);
}
