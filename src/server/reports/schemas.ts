import { z } from "zod";
import { REPORT_GROUPINGS } from "@/lib/reports";

// Every report answers for the asked period and for the same days a year before, in the same
// shape. Money is in cents; days are Austin days (yyyy-MM-dd). docs/product-rules.md#reports

const day = z.string().describe("An Austin day, yyyy-MM-dd");
const cents = (what: string) => z.number().int().describe(`${what}, in cents`);
const count = (what: string) => z.number().int().describe(what);

const ZPeriod = z.object({ from: day, to: day }).meta({ id: "ReportPeriod" });

/** The period and the year before, each with the same figures. */
function compared<T extends z.ZodType>(figures: T) {
  return { current: figures, yearBefore: figures };
}

// Revenue: completed payments on their payment day, less refunds on the day they were confirmed.

const ZRevenueBucket = z
  .object({
    start: day.describe("The bucket's first day: the day, the week's Monday or the month's first"),
    card: cents("Card payments completed"),
    cash: cents("Cash payments recorded"),
    check: cents("Check payments recorded"),
    refunds: cents("Refunds confirmed (taken off the net)"),
    net: cents("Card, cash and check less refunds"),
  })
  .meta({ id: "RevenueBucket" });

const ZRevenueShare = z
  .object({
    id: z.number().int().nullable().describe("The service's or crew's id; null for payments that belong to none"),
    name: z.string(),
    net: cents("Collected less refunded"),
  })
  .meta({ id: "RevenueShare" });

export const ZRevenueFigures = z
  .object({
    period: ZPeriod,
    buckets: z.array(ZRevenueBucket).describe("Every bucket the period touches, in order, empty ones included"),
    totals: ZRevenueBucket.omit({ start: true }).extend({ payments: count("Completed payments in the period") }),
    byService: z.array(ZRevenueShare).describe("Net by the service paid for, largest first"),
    byCrew: z.array(ZRevenueShare).describe("Net by the crew that did the visit paid for, largest first"),
  })
  .meta({ id: "RevenueFigures" });

export const ZRevenueReport = z.object({ by: z.enum(REPORT_GROUPINGS), ...compared(ZRevenueFigures) }).meta({ id: "RevenueReport" });

// Owed: completed, priced visits no completed payment covered by the end of the day, by age.

export const OWED_BUCKETS = ["0-30", "31-60", "61-90", "over-90"] as const;

const ZOwedCustomer = z
  .object({
    customerId: z.number().int(),
    name: z.string(),
    amount: cents("Owed in this bucket"),
    visits: count("Unpaid visits in this bucket"),
    oldestVisitDay: day,
  })
  .meta({ id: "OwedCustomer" });

const ZOwedBucket = z
  .object({
    bucket: z.enum(OWED_BUCKETS).describe("Days since the visit: 0-30, 31-60, 61-90 or over 90"),
    amount: cents("Owed"),
    visits: count("Unpaid visits"),
    customers: z.array(ZOwedCustomer).describe("Who owes, largest first (at most 100; `customerCount` says how many)"),
    customerCount: count("Customers who owe in this bucket"),
  })
  .meta({ id: "OwedBucket" });

export const ZOwedFigures = z
  .object({
    asOf: day,
    buckets: z.array(ZOwedBucket).describe("The four buckets, youngest first"),
    total: z.object({ amount: cents("Owed"), visits: count("Unpaid visits") }),
  })
  .meta({ id: "OwedFigures" });

export const ZOwedReport = z.object(compared(ZOwedFigures)).meta({ id: "OwedReport" });

// Work: visits by their Austin day; the crews' time on site and driving.

const ZWorkWeek = z
  .object({
    start: day.describe("The week's Monday"),
    completed: count("Visits completed"),
    skipped: count("Visits the customer skipped or paused"),
    cancelled: count("Visits cancelled otherwise"),
  })
  .meta({ id: "WorkWeek" });

const ZCrewWork = z
  .object({
    crewId: z.number().int().nullable().describe("Null for completed visits no crew was given"),
    name: z.string(),
    daysWorked: count("Days with a completed visit"),
    visitsCompleted: count("Visits completed"),
    visitsPerDay: z.number().describe("Visits completed per day worked, to two decimals"),
    timedVisits: count("Completed visits with both Start and Complete from the crew's phone"),
    onSiteMinutes: count("Minutes from Start to Complete over the timed visits"),
    averageOnSiteMinutes: z.number().nullable().describe("Minutes on site per timed visit, to one decimal; null with none"),
    routesApplied: count("Days whose driving route was applied"),
    drivingKm: z.number().describe("Road kilometres of the applied routes, to one decimal"),
    drivingMinutes: count("Driving minutes of the applied routes"),
  })
  .meta({ id: "CrewWork" });

export const ZWorkFigures = z
  .object({
    period: ZPeriod,
    weeks: z.array(ZWorkWeek).describe("Every week the period touches, counting the period's days only"),
    totals: ZWorkWeek.omit({ start: true }),
    crews: z.array(ZCrewWork),
  })
  .meta({ id: "WorkFigures" });

export const ZWorkReport = z.object(compared(ZWorkFigures)).meta({ id: "WorkReport" });

// Plans: recurring plans, month by month.

const ZPlanMonth = z
  .object({
    month: z.string().describe("yyyy-MM"),
    active: count("Plans running at the month's end (or the period's last day)"),
    paused: count("Running plans with a visit the customer paused in the month"),
    ended: count("Plans whose last day fell in the month"),
    new: count("Plans created in the month"),
  })
  .meta({ id: "PlanMonth" });

export const ZPlanFigures = z
  .object({
    period: ZPeriod,
    months: z.array(ZPlanMonth).describe("Every month the period touches"),
    totals: z.object({ new: count("Plans created in the period"), ended: count("Plans ended in the period") }),
  })
  .meta({ id: "PlanFigures" });

export const ZPlanReport = z.object(compared(ZPlanFigures)).meta({ id: "PlanReport" });

// Quotes: sent, accepted and declined on the day each happened.

const ZQuoteMonth = z
  .object({
    month: z.string().describe("yyyy-MM"),
    sent: count("Quotes first sent"),
    accepted: count("Quotes accepted"),
    declined: count("Quotes declined"),
    acceptedValue: cents("Totals of the accepted quotes"),
  })
  .meta({ id: "QuoteMonth" });

export const ZQuoteFigures = z
  .object({
    period: ZPeriod,
    months: z.array(ZQuoteMonth).describe("Every month the period touches"),
    totals: ZQuoteMonth.omit({ month: true }).extend({
      winRate: z.number().nullable().describe("Accepted out of accepted and declined, 0 to 1 to four decimals; null with neither"),
    }),
  })
  .meta({ id: "QuoteFigures" });

export const ZQuoteReport = z.object(compared(ZQuoteFigures)).meta({ id: "QuoteReport" });

export type RevenueFigures = z.infer<typeof ZRevenueFigures>;
export type RevenueReport = z.infer<typeof ZRevenueReport>;
export type OwedFigures = z.infer<typeof ZOwedFigures>;
export type OwedReport = z.infer<typeof ZOwedReport>;
export type WorkFigures = z.infer<typeof ZWorkFigures>;
export type WorkReport = z.infer<typeof ZWorkReport>;
export type PlanFigures = z.infer<typeof ZPlanFigures>;
export type PlanReport = z.infer<typeof ZPlanReport>;
export type QuoteFigures = z.infer<typeof ZQuoteFigures>;
export type QuoteReport = z.infer<typeof ZQuoteReport>;
