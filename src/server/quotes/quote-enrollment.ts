import { and, eq } from "drizzle-orm";
import { businessToday } from "@/lib/business-time";
import { planVisitPrice } from "@/lib/quote-visit-price";
import { PROGRAM_MESSAGES } from "@/lib/validation/programs";
import { findCustomerByEmail } from "@/server/customers/customers-repository";
import type { Db } from "@/server/db";
import { enrollmentRounds, enrollments } from "@/server/db/schema";
import { ConflictError } from "@/server/errors";
import { enroll, getEnrollment, type Enrollment } from "@/server/programs/enrollments";
import { pricedPlanOf } from "./quote-plan";
import { loadQuoteProgram, PROGRAM_QUOTE_CHANGED, stillAsWritten } from "./quote-program";
import type { LoadedVersion, QuoteRow } from "./quotes";

/**
 * What an accepted lawn program's quote becomes (docs/product-rules.md#quotes): the customer
 * enrolled for the season the quote was written for, each round charged its share of the accepted
 * total (the rounds that were to come when it was written share it; the odd cents go on the first),
 * less the deposit paid, in order; the rounds then come due and are booked from Rounds due. A round
 * whose window closed before the acceptance is not charged. An enrollment the customer already has
 * for that program and season (cancelled, or made by staff while the deposit was being paid) takes
 * the quote: it is active again, linked to the quote, and priced as the quote says.
 */
export async function enrollFromQuote(
  tx: Db,
  input: { customerId: number; quote: QuoteRow; version: LoadedVersion; acceptance: { total: number; deposit: number }; now: Date },
): Promise<Enrollment> {
  const { customerId, quote, version, acceptance, now } = input;
  const form = {
    customerId,
    programId: version.planProgramId!,
    season: version.planSeason,
    lawnSizeSqFt: version.planLawnSizeSqFt,
    autoRenew: version.planAutoRenew,
  };
  let enrollment: Enrollment;
  try {
    enrollment = await enroll(tx, form, { source: "quote", quoteId: quote.id, now, keepingAQuote: true });
  } catch (error) {
    if (!(error instanceof ConflictError && error.message === PROGRAM_MESSAGES.alreadyEnrolled)) throw error;
    const [existing] = await tx
      .update(enrollments)
      .set({ status: "active", cancelledAt: null, quoteId: quote.id, autoRenew: version.planAutoRenew, updatedAt: now })
      .where(
        and(eq(enrollments.customerId, customerId), eq(enrollments.programId, form.programId), eq(enrollments.season, version.planSeason!)),
      )
      .returning({ id: enrollments.id });
    enrollment = await getEnrollment(tx, existing!.id, now);
  }
  await chargeTheQuote(tx, enrollment, version, acceptance, now);
  // Read again: the rounds' prices are the quote's now.
  return getEnrollment(tx, enrollment.id, now);
}

/** The rounds still to come cost their share of the accepted total (or the price per round staff set), less the deposit. */
async function chargeTheQuote(
  tx: Db,
  enrollment: Enrollment,
  version: LoadedVersion,
  acceptance: { total: number; deposit: number },
  now: Date,
) {
  const today = businessToday(now);
  const toCome = enrollment.rounds.filter((round) => round.closesOn >= today && round.state !== "done");
  const price = planVisitPrice(acceptance.total, { ...pricedPlanOf(version), rounds: version.planRounds ?? toCome.length });
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
 * Before an acceptance is recorded: a program's quote is refused (409) when a round's window closed
 * since it was written (its total was shared by more rounds than are left), or when its customer, by
 * record or by the quote's email, is already enrolled in that program for that season (they keep that
 * enrollment and pay nothing twice).
 */
export async function assertProgramQuoteAcceptable(tx: Db, quote: QuoteRow, version: LoadedVersion, now: Date) {
  if (version.planKind !== "program") return;
  const program = await loadQuoteProgram(tx, version, now);
  if (!stillAsWritten(program, version)) throw new ConflictError(PROGRAM_QUOTE_CHANGED);
  const customerId = quote.customerId ?? (await findCustomerByEmail(tx, quote.email))?.id ?? null;
  if (customerId === null) return;
  const [existing] = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.customerId, customerId),
        eq(enrollments.programId, version.planProgramId!),
        eq(enrollments.season, version.planSeason!),
        eq(enrollments.status, "active"),
      ),
    );
  if (existing) throw new ConflictError(`You are already enrolled in ${program!.name} for the ${version.planSeason} season.`);
}
