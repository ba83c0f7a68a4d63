import { z } from "zod";
import { dateStringField, positiveIdNumber } from "./fields";

/** A range of the rounds-due list is at most this many days, both ends included. */
export const MAX_ROUNDS_DUE_DAYS = 62;

/** At most this many rounds are scheduled in one step (a long day for every crew). */
export const MAX_ROUNDS_PER_SCHEDULE = 100;

export const ROUNDS_DUE_MESSAGES = {
  from: "The first day must be a date written yyyy-MM-dd",
  to: "The last day must be a date written yyyy-MM-dd",
  order: "The last day must be on or after the first day",
  length: `Pick a range of at most ${MAX_ROUNDS_DUE_DAYS} days`,
  day: "Pick the day to schedule the rounds on, written yyyy-MM-dd",
  dayTooSoon: "Pick a day from tomorrow on: today's crews are already out",
  round: "Each round is named by its enrollment's id and its position",
  rounds: "Pick at least one round",
  tooMany: `Schedule at most ${MAX_ROUNDS_PER_SCHEDULE} rounds at a time`,
  crew: "Pick a crew from the list, or none",
} as const;

/** The days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const ZRoundsDueRangeInput = z
  .object({
    from: dateStringField(ROUNDS_DUE_MESSAGES.from).describe("The range's first Austin day, yyyy-MM-dd"),
    to: dateStringField(ROUNDS_DUE_MESSAGES.to).describe("The range's last Austin day, yyyy-MM-dd (included)"),
  })
  .refine((range) => range.from <= range.to, { error: ROUNDS_DUE_MESSAGES.order, path: ["to"] })
  .refine((range) => range.from > range.to || daysBetween(range.from, range.to) <= MAX_ROUNDS_DUE_DAYS, {
    error: ROUNDS_DUE_MESSAGES.length,
    path: ["to"],
  });
export type TRoundsDueRange = z.infer<typeof ZRoundsDueRangeInput>;

/** One round of one enrollment: the enrollment's id and the round's position in it. */
export const ZRoundRef = z.object({
  enrollmentId: positiveIdNumber(ROUNDS_DUE_MESSAGES.round).describe("The enrollment's id"),
  position: z
    .number({ error: ROUNDS_DUE_MESSAGES.round })
    .int(ROUNDS_DUE_MESSAGES.round)
    .min(1, ROUNDS_DUE_MESSAGES.round)
    .max(24, ROUNDS_DUE_MESSAGES.round),
});
export type TRoundRef = z.infer<typeof ZRoundRef>;

export const ZScheduleRoundsInput = z.object({
  rounds: z
    .array(ZRoundRef, { error: ROUNDS_DUE_MESSAGES.rounds })
    .min(1, ROUNDS_DUE_MESSAGES.rounds)
    .max(MAX_ROUNDS_PER_SCHEDULE, ROUNDS_DUE_MESSAGES.tooMany)
    .describe("The due rounds to schedule, each once"),
  day: dateStringField(ROUNDS_DUE_MESSAGES.day).describe("The Austin day the rounds are done on; inside each round's due days"),
  crewId: positiveIdNumber(ROUNDS_DUE_MESSAGES.crew)
    .nullish()
    .describe("The crew to give the rounds to; left out, they go to whichever crew is free"),
});
export type TScheduleRoundsInput = z.infer<typeof ZScheduleRoundsInput>;
