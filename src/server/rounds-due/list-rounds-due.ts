import { businessToday } from "@/lib/business-time";
import { dueWithin, type RoundStanding } from "@/lib/programs";
import type { TRoundsDueRange } from "@/lib/validation/rounds-due";
import type { Db } from "@/server/db";
import { loadActiveEnrollments, type LoadedEnrollment } from "./enrollment-rounds";
import { planningStandings, roundToPlan } from "./planning-standings";
import type { TRoundDue, TRoundsDueResponse } from "./schemas";

function roundDue(enrollment: LoadedEnrollment, standing: RoundStanding, state: TRoundDue["state"]): TRoundDue {
  const round = enrollment.rounds.find((candidate) => candidate.position === standing.position)!;
  return {
    enrollmentId: enrollment.id,
    position: round.position,
    roundCount: enrollment.rounds.length,
    programName: enrollment.programName,
    season: enrollment.season,
    customerId: enrollment.customerId,
    customerName: enrollment.customerName,
    address: enrollment.address,
    city: enrollment.city,
    zipCode: enrollment.zipCode,
    lawnSizeSqFt: enrollment.lawnSizeSqFt,
    serviceId: round.serviceId,
    serviceName: round.serviceName,
    purpose: round.purpose,
    price: round.price,
    state,
    dueFrom: standing.dueFrom,
    closesOn: standing.closesOn,
  };
}

const byZipThenCustomer = (a: TRoundDue, b: TRoundDue) =>
  (a.zipCode ?? "~").localeCompare(b.zipCode ?? "~") || a.customerName.localeCompare(b.customerName) || a.enrollmentId - b.enrollmentId;

/**
 * The rounds due in [from, to] (docs/product-rules.md#rounds-due): for each active enrollment, the
 * round to plan next when its due days meet the range, grouped by the service address's ZIP code;
 * and, apart, every round of an active enrollment whose window closed in the range with nothing
 * scheduled (missed), so nothing due is silently lost.
 */
export async function listRoundsDue(db: Db, range: TRoundsDueRange, now = new Date()): Promise<TRoundsDueResponse> {
  const today = businessToday(now);
  const enrollments = await loadActiveEnrollments(db, Number(range.from.slice(0, 4)), Number(range.to.slice(0, 4)));
  const due: TRoundDue[] = [];
  const missed: TRoundDue[] = [];
  for (const enrollment of enrollments) {
    const standings = planningStandings(enrollment, today);
    const next = roundToPlan(standings);
    if (next && dueWithin(next, range.from, range.to)) due.push(roundDue(enrollment, next, next.state === "due" ? "due" : "waiting"));
    for (const standing of standings) {
      if (standing.state === "missed" && standing.closesOn >= range.from && standing.closesOn <= range.to)
        missed.push(roundDue(enrollment, standing, "missed"));
    }
  }
  due.sort(byZipThenCustomer);
  const areas: TRoundsDueResponse["areas"] = [];
  for (const round of due) {
    const last = areas.at(-1);
    if (last && last.zipCode === round.zipCode) last.rounds.push(round);
    else areas.push({ zipCode: round.zipCode, rounds: [round] });
  }
  missed.sort((a, b) => a.closesOn.localeCompare(b.closesOn) || byZipThenCustomer(a, b));
  return { from: range.from, to: range.to, today, dueCount: due.length, areas, missed };
}
