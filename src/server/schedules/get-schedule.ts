import { and, eq, exists, or, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers, schedules, services, visits } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";

/**
 * One plan (a one-time visit or a whole series), as the edit form and GET /schedules/{id} read it.
 * A crew member sees only a plan given to their crew or holding one of their crew's visits; any
 * other reads as not found. `visitsNeedingTime` counts its visits waiting for staff to give them a time.
 */
export async function getSchedule(db: Db, id: number, scope?: { crewId: number }) {
  const [row] = await db
    .select({
      schedule: schedules,
      customer: { fullName: customers.fullName, address: customers.address },
      service: { name: services.name, duration: services.duration },
      visitsNeedingTime: sql<number>`(select count(*)::int from ${visits} where ${visits.scheduleId} = ${schedules.id} and ${visits.needsTime})`,
    })
    .from(schedules)
    .innerJoin(customers, eq(customers.id, schedules.customerId))
    .leftJoin(services, eq(services.id, schedules.serviceId))
    .where(
      and(
        eq(schedules.id, id),
        scope
          ? or(
              eq(schedules.crewId, scope.crewId),
              exists(
                db
                  .select({ id: visits.id })
                  .from(visits)
                  .where(and(eq(visits.scheduleId, id), eq(visits.crewId, scope.crewId))),
              ),
            )
          : undefined,
      ),
    );
  if (!row) throw new NotFoundError("Schedule not found");
  const { visitsGeneratedThrough: _horizon, ...schedule } = row.schedule;
  return {
    ...schedule,
    customer: row.customer,
    service: row.service?.name ? row.service : null,
    visitsNeedingTime: Number(row.visitsNeedingTime),
  };
}
