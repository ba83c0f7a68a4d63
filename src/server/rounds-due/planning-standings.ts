import { addDays, roundStandings, type RoundStanding } from "@/lib/programs";
import type { LoadedEnrollment } from "./enrollment-rounds";

/**
 * The rounds' standings (lib/programs.ts) with one more rule for planning: a round's gap also counts
 * from an earlier round already scheduled, from its visit's day, so two rounds of a season are never
 * planned closer together than the gap. A round due today whose gap now ends later is waiting.
 */
export function planningStandings(enrollment: LoadedEnrollment, today: string): RoundStanding[] {
  const rounds = [...enrollment.rounds].sort((a, b) => a.position - b.position);
  const standings = roundStandings(enrollment.season, rounds, today, enrollment.status === "cancelled");
  let lastScheduledOn: string | null = null;
  return standings.map((standing, index) => {
    const round = rounds[index]!;
    if (standing.state === "done") lastScheduledOn = null;
    if (standing.state === "scheduled") lastScheduledOn = round.visit!.day;
    if ((standing.state !== "due" && standing.state !== "waiting") || lastScheduledOn === null) return standing;
    const afterGap = addDays(lastScheduledOn, round.minDaysSincePrevious);
    if (afterGap <= standing.dueFrom) return standing;
    return { ...standing, dueFrom: afterGap, state: afterGap <= today ? standing.state : "waiting" };
  });
}

/**
 * The round to plan next: the first one due or waiting that can still be done in its window (one
 * whose gap runs past its window's close is passed over, and shows as missed once it closes).
 */
export function roundToPlan(standings: readonly RoundStanding[]): RoundStanding | null {
  return standings.find((round) => (round.state === "due" || round.state === "waiting") && round.dueFrom <= round.closesOn) ?? null;
}
