import { and, eq, isNull } from "drizzle-orm";
import { businessToday } from "@/lib/business-time";
import { planVisitPrice } from "@/lib/quote-visit-price";
import { PROGRAM_MESSAGES } from "@/lib/validation/programs";
import type { Db } from "@/server/db";
import { enrollmentRounds, enrollments } from "@/server/db/schema";
import { ConflictError } from "@/server/errors";
import { defaultSeason } from "@/lib/programs";
import { enroll, getEnrollment, type Enrollment } from "@/server/programs/enrollments";
import { getProgram } from "@/server/programs/programs";
import { pricedPlanOf } from "./quote-plan";
import type { LoadedVersion, QuoteRow } from "./quotes";

/**
 * What an accepted lawn program's quote becomes (docs/product-rules.md#quotes): the customer
 * enrolled for the season an acceptance today picks, and the rounds still to come charged the
 * quote's total between them (the odd cents on the first), less the deposit paid, in order; the
 * rounds then come due and are booked from Rounds due like any other enrollment's. A customer
 * already enrolled in that program for that season keeps their enrollment and its prices: the
 * quote is linked to it.
 */
export async function enrollFromQuote(
  tx: Db,
  input: { customerId: number; quote: QuoteRow; version: LoadedVersion; acceptance: { total: number; deposit: number }; now: Date },
): Promise<Enrollment> {
  const { customerId, quote, version, acceptance, now } = input;
  const form = {
    customerId,
    programId: version.planProgramId!,
    lawnSizeSqFt: version.planLawnSizeSqFt,
    autoRenew: version.planAutoRenew,
  };
  let enrollment: Enrollment;
  try {
    enrollment = await enroll(tx, form, { source: "quote", quoteId: quote.id, now, allowRetired: true });
  } catch (error) {
    if (!(error instanceof ConflictError && error.message === PROGRAM_MESSAGES.alreadyEnrolled)) throw error;
    return linkExisting(tx, form.customerId, form.programId, quote.id, now);
  }
  await chargeTheQuote(tx, enrollment, version, acceptance, now);
  return getEnrollment(tx, enrollment.id, now);
}

/** The rounds still to come share the accepted total (or each costs the price staff set), less the deposit. */
async function chargeTheQuote(
  tx: Db,
  enrollment: Enrollment,
  version: LoadedVersion,
  acceptance: { total: number; deposit: number },
  now: Date,
) {
  const today = businessToday(now);
  const toCome = enrollment.rounds.filter((round) => round.closesOn >= today);
  const price = planVisitPrice(acceptance.total, { ...pricedPlanOf(version), rounds: toCome.length });
  let deposit = acceptance.deposit;
  for (const [index, round] of toCome.entries()) {
    const charge = index === 0 ? price.firstVisit : price.perVisit;
    const credit = Math.min(deposit, charge);
    deposit -= credit;
    await tx
      .update(enrollmentRounds)
      .set({ price: charge - credit })
      .where(and(eq(enrollmentRounds.enrollmentId, enrollment.id), eq(enrollmentRounds.position, round.position)));
  }
}

/**
 * Refuses an acceptance that would enroll the quote's customer a second time in the same program
 * and season (409): they keep the enrollment they have. A quote for no customer record yet cannot
 * clash.
 */
export async function assertNotEnrolledYet(tx: Db, quote: QuoteRow, version: LoadedVersion, now: Date) {
  if (version.planKind !== "program" || quote.customerId === null) return;
  const program = await getProgram(tx, version.planProgramId!);
  const season = defaultSeason(program.rounds, businessToday(now));
  const [existing] = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.customerId, quote.customerId),
        eq(enrollments.programId, program.id),
        eq(enrollments.season, season),
        eq(enrollments.status, "active"),
      ),
    );
  if (existing) throw new ConflictError(`You are already enrolled in ${program.name} for the ${season} season.`);
}

async function linkExisting(tx: Db, customerId: number, programId: number, quoteId: number, now: Date): Promise<Enrollment> {
  const program = await getProgram(tx, programId);
  const season = defaultSeason(program.rounds, businessToday(now));
  const [existing] = await tx
    .update(enrollments)
    .set({ quoteId, updatedAt: now })
    .where(
      and(
        eq(enrollments.customerId, customerId),
        eq(enrollments.programId, programId),
        eq(enrollments.season, season),
        isNull(enrollments.quoteId),
      ),
    )
    .returning({ id: enrollments.id });
  const [found] = existing
    ? [existing]
    : await tx
        .select({ id: enrollments.id })
        .from(enrollments)
        .where(and(eq(enrollments.customerId, customerId), eq(enrollments.programId, programId), eq(enrollments.season, season)));
  return getEnrollment(tx, found!.id, now);
}
