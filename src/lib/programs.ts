// Lawn programs: a season's ordered rounds of treatment, and which round of an enrollment is due.
// Named once for the schema, the forms, the OpenAPI document and the rules; the schema imports this
// file by a relative path, so it imports nothing. The rules: docs/product-rules.md#lawn-programs.

/** An enrollment is for one program and one season (a calendar year); cancelled ends it early. */
export const ENROLLMENT_STATUSES = ["active", "cancelled"] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

/** How a customer came to be enrolled. */
export const ENROLLMENT_SOURCES = ["staff", "quote", "renewal", "api"] as const;
export type EnrollmentSource = (typeof ENROLLMENT_SOURCES)[number];

/** Who skipped a round. */
export const SKIPPED_BY = ["customer", "staff"] as const;
export type SkippedBy = (typeof SKIPPED_BY)[number];

/** The renewal for the next season is announced this many days before its first round's window opens. */
export const RENEWAL_NOTICE_DAYS = 30;

/** A round's window is a span of month-days ("02-15" to "03-31") inside one calendar year. */
export const MONTH_DAY_PATTERN = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** "02-29" exists only in leap years: in other seasons it reads as "02-28". */
export function seasonDay(season: number, monthDay: string): string {
  const [month, day] = monthDay.split("-").map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(season, month, 0)).getUTCDate();
  return `${season}-${String(month).padStart(2, "0")}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

/** The first season with a round still open on `today`: this year's, or the next. */
export function defaultSeason(rounds: ReadonlyArray<{ windowEnd: string }>, today: string): number {
  const year = Number(today.slice(0, 4));
  return rounds.some((round) => seasonDay(year, round.windowEnd) >= today) ? year : year + 1;
}

/** The rounds of the season enrolling today picks that are still to come: the ones a sale pays for. */
export function roundsToCome<T extends { windowEnd: string }>(rounds: readonly T[], today: string): { season: number; rounds: T[] } {
  const season = defaultSeason(rounds, today);
  return { season, rounds: rounds.filter((round) => seasonDay(season, round.windowEnd) >= today) };
}

/** Whether a month-day names a real day in a leap year (so "02-30" and "04-31" are refused). */
export function isMonthDay(value: string): boolean {
  if (!MONTH_DAY_PATTERN.test(value)) return false;
  const [month, day] = value.split("-").map(Number) as [number, number];
  return day <= new Date(Date.UTC(2024, month, 0)).getUTCDate();
}

/** Adds whole days to a yyyy-MM-dd day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Where one round of an enrollment stands on a day:
 * - `done`: its visit was completed (on `doneOn`);
 * - `scheduled`: it has a visit that is neither completed nor cancelled;
 * - `skipped`: the customer or the office skipped it;
 * - `missed`: its window closed with none of the above;
 * - `due`: its window is open and the gap since the last done round has passed;
 * - `waiting`: none of these yet (its window or its gap is still ahead), due from `dueFrom`.
 * In a cancelled enrollment, every round not done, skipped or scheduled reads as `cancelled`.
 */
export type RoundState = "done" | "scheduled" | "skipped" | "missed" | "due" | "waiting" | "cancelled";

export interface RoundFacts {
  position: number;
  windowStart: string;
  windowEnd: string;
  minDaysSincePrevious: number;
  skipped: boolean;
  /** The round's visit, if one was planned: its status and Austin day. */
  visit: { status: string; day: string } | null;
}

export interface RoundStanding {
  position: number;
  state: RoundState;
  /** The season's window as days. */
  opensOn: string;
  closesOn: string;
  /** The first day it may be done: the window's opening, or the gap after the last done round if later. */
  dueFrom: string;
  /** The day its visit was completed. */
  doneOn: string | null;
}

/**
 * Each round's standing on `today` (an Austin day), in order. The gap counts from the last round
 * done before it; a skipped or missed round is passed over, so the next round can still be due.
 * A round whose gap would carry it past its window's close is missed once the window closes.
 */
export function roundStandings(season: number, rounds: readonly RoundFacts[], today: string, enrollmentCancelled = false): RoundStanding[] {
  let lastDoneOn: string | null = null;
  return [...rounds]
    .sort((a, b) => a.position - b.position)
    .map((round) => {
      const opensOn = seasonDay(season, round.windowStart);
      const closesOn = seasonDay(season, round.windowEnd);
      const afterGap = lastDoneOn ? addDays(lastDoneOn, round.minDaysSincePrevious) : opensOn;
      const dueFrom = afterGap > opensOn ? afterGap : opensOn;
      const visitStatus = round.visit?.status ?? null;
      let state: RoundState;
      let doneOn: string | null = null;
      if (visitStatus === "completed") {
        state = "done";
        doneOn = round.visit!.day;
        lastDoneOn = doneOn;
      } else if (round.skipped) state = "skipped";
      else if (visitStatus !== null && visitStatus !== "cancelled") state = "scheduled";
      else if (enrollmentCancelled) state = "cancelled";
      else if (closesOn < today) state = "missed";
      else if (dueFrom <= today && dueFrom <= closesOn) state = "due";
      else state = "waiting";
      return { position: round.position, state, opensOn, closesOn, dueFrom, doneOn };
    });
}

/**
 * The round to do next: the first one due or waiting (so the portal can show its window), or none
 * when the season is over. A waiting round whose gap carries it past its window's close cannot be
 * done (it will read as missed), so it is passed over: its "window" would end before it opens.
 */
export function nextRound(standings: readonly RoundStanding[]): RoundStanding | null {
  return standings.find((round) => (round.state === "due" || round.state === "waiting") && round.dueFrom <= round.closesOn) ?? null;
}

/**
 * Whether a round may be done on some day of [from, to]: the rounds-due list for a range. A round is
 * listed when it is due or waiting and its days [dueFrom, closesOn] meet the range.
 */
export function dueWithin(round: RoundStanding, from: string, to: string): boolean {
  if (round.state !== "due" && round.state !== "waiting") return false;
  if (round.dueFrom > round.closesOn) return false;
  return round.dueFrom <= to && round.closesOn >= from;
}
