import type { ReportGrouping, ReportPeriod } from "@/lib/reports";
import { bucketStarts, yearBefore } from "@/lib/reports";
import type { Db } from "@/server/db";
import type { RevenueFigures, RevenueReport } from "./schemas";

/** Revenue collected in the period and the year before. (Foundation: the SQL comes next.) */
export async function revenueReport(db: Db, input: ReportPeriod & { by: ReportGrouping }): Promise<RevenueReport> {
  return {
    by: input.by,
    current: await revenueFigures(db, input, input.by),
    yearBefore: await revenueFigures(db, yearBefore(input), input.by),
  };
}

async function revenueFigures(_db: Db, period: ReportPeriod, by: ReportGrouping): Promise<RevenueFigures> {
  const zero = { card: 0, cash: 0, check: 0, refunds: 0, net: 0 };
  return {
    period: { from: period.from, to: period.to },
    buckets: bucketStarts(period, by).map((start) => ({ start, ...zero })),
    totals: { ...zero, payments: 0 },
    byService: [],
    byCrew: [],
  };
}
