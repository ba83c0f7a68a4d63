import { bucketStarts, yearBefore, type ReportPeriod } from "@/lib/reports";
import type { Db } from "@/server/db";
import type { WorkFigures, WorkReport } from "./schemas";

/** Visits done, skipped and cancelled, and the crews' days. (Foundation.) */
export async function workReport(db: Db, period: ReportPeriod): Promise<WorkReport> {
  return { current: await workFigures(db, period), yearBefore: await workFigures(db, yearBefore(period)) };
}

async function workFigures(_db: Db, period: ReportPeriod): Promise<WorkFigures> {
  return {
    period: { from: period.from, to: period.to },
    weeks: bucketStarts(period, "week").map((start) => ({ start, completed: 0, skipped: 0, cancelled: 0 })),
    totals: { completed: 0, skipped: 0, cancelled: 0 },
    crews: [],
  };
}
