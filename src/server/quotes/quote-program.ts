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

/** The rounds of `program`'s season still open on `now`'s Austin day. */
export function quoteProgramOf(program: Program, now = new Date()): QuoteProgram {
  const { season, rounds: toCome } = roundsToCome(program.rounds, businessToday(now));
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
export async function loadQuoteProgram(db: Db, programId: number | null, now = new Date()): Promise<QuoteProgram | null> {
  if (programId === null) return null;
  return quoteProgramOf(await getProgram(db, programId), now);
}

/** The program staff put on a quote: it must exist and be sold (active). */
export async function assertQuotableProgram(db: Db, programId: number, now = new Date()): Promise<QuoteProgram> {
  try {
    const offer = await loadQuoteProgram(db, programId, now);
    if (!offer?.active) throw new InvalidInputError(QUOTE_MESSAGES.programInactive, "plan.programId");
    return offer;
  } catch (error) {
    if (error instanceof NotFoundError) throw new InvalidInputError(QUOTE_MESSAGES.program, "plan.programId");
    throw error;
  }
}
