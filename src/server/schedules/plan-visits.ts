import { businessDateOf } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { schedules, visits, type VisitOrigin } from "@/server/db/schema";
import { generateSeriesVisits, horizonDate, visitFieldsOf } from "./series";

/**
 * The visits of a plan just created: a one-time plan's single visit, sharing the plan's id, or a
 * series' visits from its first through the horizon.
 */
export async function createPlanVisits(
  db: Db,
  plan: typeof schedules.$inferSelect,
  origin: Exclude<VisitOrigin, "series">,
  now = new Date(),
) {
  if (plan.isRecurring) {
    await generateSeriesVisits(db, plan, businessDateOf(plan.startTime), horizonDate(now));
    return;
  }
  await db.insert(visits).values({
    ...visitFieldsOf(plan),
    id: plan.id,
    occurrenceDate: businessDateOf(plan.startTime),
    startTime: plan.startTime,
    endTime: plan.endTime,
    origin,
  });
}
