import { bucketStarts, yearBefore, type ReportPeriod } from "@/lib/reports";
import type { Db } from "@/server/db";
import type { PlanFigures, PlanReport } from "./schemas";

/** Recurring plans month by month. (Foundation.) */
export async function planReport(db: Db, period: ReportPeriod): Promise<PlanReport> {
  return { current: await planFigures(db, period), yearBefore: await planFigures(db, yearBefore(period)) };
}

async function planFigures(_db: Db, period: ReportPeriod): Promise<PlanFigures> {
  return {
    period: { from: period.from, to: period.to },
    months: bucketStarts(period, "month").map((start) => ({ month: start.slice(0, 7), active: 0, paused: 0, ended: 0, new: 0 })),
    totals: { new: 0, ended: 0 },
  };
}
