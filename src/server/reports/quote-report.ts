import { bucketStarts, yearBefore, type ReportPeriod } from "@/lib/reports";
import type { Db } from "@/server/db";
import type { QuoteFigures, QuoteReport } from "./schemas";

/** Quotes sent, accepted and declined, and what was won. (Foundation.) */
export async function quoteReport(db: Db, period: ReportPeriod): Promise<QuoteReport> {
  return { current: await quoteFigures(db, period), yearBefore: await quoteFigures(db, yearBefore(period)) };
}

async function quoteFigures(_db: Db, period: ReportPeriod): Promise<QuoteFigures> {
  return {
    period: { from: period.from, to: period.to },
    months: bucketStarts(period, "month").map((start) => ({
      month: start.slice(0, 7),
      sent: 0,
      accepted: 0,
      declined: 0,
      acceptedValue: 0,
    })),
    totals: { sent: 0, accepted: 0, declined: 0, acceptedValue: 0, winRate: null },
  };
}
