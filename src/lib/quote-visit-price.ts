// What each visit of a quote's plan is charged (docs/product-rules.md#quotes), worked out the same
// way by the staff's builder, the customer's quote page and the server that makes the plan.

import { businessInstant, endOfBusinessDayExclusive, startOfBusinessDay, type DateString } from "./business-time";
import { formatCents } from "./money";
import { expandOccurrences } from "./recurrence";
import type { QuotePlanKind } from "./quote-enums";
import type { RecurringFrequency } from "./schedule-enums";

export interface PricedPlan {
  kind: QuotePlanKind;
  /** A program's plan: how many of its season's rounds are still to come (each is charged). */
  rounds?: number;
  frequency: RecurringFrequency | null;
  firstDate: string;
  startTime: string;
  endDate: string | null;
  /** Cents; null: the price follows the quote's lines. */
  pricePerVisit: number | null;
}

export interface VisitPrice {
  /** What each visit is charged, tax included, in cents. */
  perVisit: number;
  /** The first visit's charge: the cents the total does not share evenly go on it. */
  firstVisit: number;
  /** How many visits the quote's total pays for: 1 for one visit or an open-ended series. */
  covered: number;
  /** True when staff left the price to follow the lines. */
  followsLines: boolean;
  /** When staff set a price: what the covered visits come to against the quote's total; null when they agree. */
  mismatch: { plan: number; quote: number } | null;
}

/**
 * How many visits a quote's lines pay for: one visit, or every visit of a series that has an end
 * date, or every round of a program still to come; the lines of an open-ended series are read as
 * one visit's work.
 */
export function visitsTheQuoteCovers(plan: PricedPlan): number {
  if (plan.kind === "program") return Math.max(1, plan.rounds ?? 1);
  if (plan.kind === "one_time" || !plan.endDate) return 1;
  const startTime = businessInstant(plan.firstDate as DateString, plan.startTime);
  const series = {
    startTime,
    endTime: new Date(startTime.getTime() + 60_000),
    isRecurring: true,
    recurringFrequency: plan.frequency ?? "weekly",
    recurringEndDate: startOfBusinessDay(plan.endDate as DateString),
  };
  return Math.max(1, expandOccurrences(series, { from: startTime, to: endOfBusinessDayExclusive(plan.endDate as DateString) }).length);
}

/**
 * Each visit's charge, tax included: the price staff set, or the quote's total (what the customer
 * accepts, tax included) shared across the visits it covers, the odd cents on the first visit, so
 * the visits add up to the quote to the cent.
 */
export function planVisitPrice(quoteTotal: number, plan: PricedPlan): VisitPrice {
  const covered = visitsTheQuoteCovers(plan);
  if (plan.pricePerVisit != null) {
    const planTotal = plan.pricePerVisit * covered;
    return {
      perVisit: plan.pricePerVisit,
      firstVisit: plan.pricePerVisit,
      covered,
      followsLines: false,
      mismatch: planTotal === quoteTotal ? null : { plan: planTotal, quote: quoteTotal },
    };
  }
  const perVisit = Math.floor(quoteTotal / covered);
  return { perVisit, firstVisit: perVisit + (quoteTotal - perVisit * covered), covered, followsLines: true, mismatch: null };
}

/** What a plan charges for: its visits, or a program's rounds. */
export type ChargedUnit = "visit" | "round";

export const chargedUnitOf = (kind: QuotePlanKind): ChargedUnit => (kind === "program" ? "round" : "visit");

/** "Each visit is charged $92.01, tax included." with the first visit's odd cents when there are any. */
export function visitPriceSentence(price: VisitPrice, unit: ChargedUnit = "visit"): string {
  const each = `Each ${unit} is charged ${formatCents(price.perVisit)}, tax included`;
  return price.firstVisit === price.perVisit ? `${each}.` : `${each}; the first ${formatCents(price.firstVisit)}.`;
}

/** How the deposit comes off the first visits' (or rounds') charges, in order, as the plan credits it. */
export function depositCreditSentence(deposit: number, price: VisitPrice, unit: ChargedUnit = "visit"): string | null {
  if (deposit <= 0) return null;
  let left = deposit;
  const charges: number[] = [];
  for (let index = 0; left > 0 && index < 1000; index++) {
    const charge = index === 0 ? price.firstVisit : price.perVisit;
    if (charge <= 0) break;
    const credit = Math.min(left, charge);
    left -= credit;
    charges.push(charge - credit);
  }
  const last = charges.at(-1) ?? 0;
  const covered = charges.filter((charge) => charge === 0).length;
  const paid = `The ${formatCents(deposit)} deposit is credited against the first ${unit}s`;
  if (covered === 0) return `${paid}: the first is charged ${formatCents(last)}.`;
  const visits = covered === 1 ? `the first ${unit} is` : `the first ${covered} ${unit}s are`;
  return last > 0 ? `${paid}: ${visits} paid by it, the next is charged ${formatCents(last)}.` : `${paid}: ${visits} paid by it.`;
}
