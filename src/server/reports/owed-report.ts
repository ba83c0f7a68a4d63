import type { DateString } from "@/lib/business-time";
import { yearBeforeDay } from "@/lib/reports";
import type { Db } from "@/server/db";
import { OWED_BUCKETS, type OwedFigures, type OwedReport } from "./schemas";

/** What was owed at the end of the day, aged, and at the end of the same day a year before. (Foundation.) */
export async function owedReport(db: Db, input: { asOf: DateString }): Promise<OwedReport> {
  return { current: await owedFigures(db, input.asOf), yearBefore: await owedFigures(db, yearBeforeDay(input.asOf)) };
}

async function owedFigures(_db: Db, asOf: DateString): Promise<OwedFigures> {
  return {
    asOf,
    buckets: OWED_BUCKETS.map((bucket) => ({ bucket, amount: 0, visits: 0, customers: [], customerCount: 0 })),
    total: { amount: 0, visits: 0 },
  };
}
