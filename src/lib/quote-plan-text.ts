import { businessInstant, formatBusinessDate, startOfBusinessDay, type DateString } from "./business-time";
import { formatCents } from "./money";
import type { QuotePlanKind } from "./quote-enums";

/** A quote's plan as the quote page and the staff's quote read it. */
export interface QuotePlanText {
  kind: QuotePlanKind;
  /** A program's plan: the program, its season and how many of its rounds are still to come. */
  program?: { name: string; season: number; rounds: readonly unknown[] } | null;
  serviceName?: string | null;
  frequency: string | null;
  firstDate: string;
  startTime: string;
  endDate: string | null;
  pricePerVisit: number | null;
}

const SERIES: Record<string, string> = { weekly: "Weekly visits", biweekly: "Visits every two weeks", monthly: "Monthly visits" };

/** A quote's calendar date in words: "Thursday, December 3, 2026". */
export const quoteDay = (date: string) => formatBusinessDate(startOfBusinessDay(date as DateString), "EEEE, MMMM d, yyyy");
const quoteTime = (date: string, hhmm: string) => formatBusinessDate(businessInstant(date as DateString, hhmm), "h:mm a");

/** "One visit on Thursday, December 3, 2026 at 9:00 AM." or the series' frequency, dates and price. */
export function planSentence(plan: QuotePlanText): string {
  if (plan.kind === "program") {
    const program = plan.program;
    if (!program) return "A lawn program.";
    const rounds = program.rounds.length === 1 ? "1 round" : `${program.rounds.length} rounds`;
    return `The ${program.name} lawn program, ${program.season} season: ${rounds}, each done in its window; we book each round's visit when it is due and tell you.`;
  }
  const what = plan.serviceName ? `${plan.serviceName}: ` : "";
  const at = `${quoteDay(plan.firstDate)} at ${quoteTime(plan.firstDate, plan.startTime)}`;
  if (plan.kind === "one_time") return `${what}${what ? "one" : "One"} visit on ${at}.`;
  const until = plan.endDate ? `until ${quoteDay(plan.endDate)}` : "until you stop it";
  const price = plan.pricePerVisit != null ? `, ${formatCents(plan.pricePerVisit)} per visit` : "";
  const series = SERIES[plan.frequency ?? "weekly"]!;
  return `${what}${what ? series.toLowerCase() : series} from ${at}, ${until}${price}.`;
}
