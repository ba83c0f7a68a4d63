import { businessToday } from "@/lib/business-time";
import { roundsToCome, seasonDay } from "@/lib/programs";
import { QUOTE_MESSAGES } from "@/lib/validation/quotes";
import type { Db } from "@/server/db";
import { InvalidInputError, NotFoundError } from "@/server/errors";
import { getProgram, type Program } from "@/server/programs/programs";

// A quote whose plan is a lawn program (docs/product-rules.md#quotes): accepting it enrolls the
// customer for the program's season, and the quote's total is shared across the rounds still to come.

export interface QuoteProgram {
  id: number;
  name: string;
  active: boolean;
  /** The season an acceptance today enrolls in: this year's while a round is open, else the next. */
  season: number;
  /** The rounds still to come in that season, in order: the ones the quote's total pays for. */
  rounds: Array<{ position: number; serviceName: string; purpose: string; opensOn: string; closesOn: string }>;
}

/**
 * The rounds of `program`'s season still open on `now`'s Austin day: the season a quote was written
 * for when given, else the one an enrollment today picks.
 */
export function quoteProgramOf(program: Program, now = new Date(), writtenFor?: number | null): QuoteProgram {
  const today = businessToday(now);
  const season = writtenFor ?? roundsToCome(program.rounds, today).season;
  const toCome = program.rounds.filter((round) => seasonDay(season, round.windowEnd) >= today);
  const rounds = toCome.map((round) => ({
    position: round.position,
    serviceName: round.serviceName,
    purpose: round.purpose,
    opensOn: seasonDay(season, round.windowStart),
    closesOn: seasonDay(season, round.windowEnd),
  }));
  return { id: program.id, name: program.name, active: program.active, season, rounds };
}

/** A program's offer as a quote shows it, or null when the plan is no program. */
export async function loadQuoteProgram(
  db: Db,
  version: { planProgramId: number | null; planSeason: number | null },
  now = new Date(),
): Promise<QuoteProgram | null> {
  if (version.planProgramId === null) return null;
  return quoteProgramOf(await getProgram(db, version.planProgramId), now, version.planSeason);
}

export const PROGRAM_QUOTE_CHANGED =
  "Part of this quote's lawn program has passed since it was written (a round's window has closed). Please ask us for an updated quote.";

/**
 * Whether a program's quote can still be accepted as written: its season has as many rounds still to
 * come as when it was written, so the total is shared as the office priced it.
 */
export function stillAsWritten(offer: QuoteProgram | null, version: { planRounds: number | null }): boolean {
  return offer === null || offer.rounds.length === version.planRounds;
}

/** The program staff put on a quote: it must exist and be sold (active). */
export async function assertQuotableProgram(db: Db, programId: number, now = new Date()): Promise<QuoteProgram> {
  try {
    const offer = quoteProgramOf(await getProgram(db, programId), now);
    if (!offer.active) throw new InvalidInputError(QUOTE_MESSAGES.programInactive, "plan.programId");
    return offer;
  } catch (error) {
    if (error instanceof NotFoundError) throw new InvalidInputError(QUOTE_MESSAGES.program, "plan.programId");
    throw error;
  }
}
