import { eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers, schedules, services } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";

/** One plan (a one-time visit or a whole series), as the edit form and GET /schedules/{id} read it. */
export async function getSchedule(db: Db, id: number) {
  const [row] = await db
    .select({
      schedule: schedules,
      customer: { fullName: customers.fullName, address: customers.address },
      service: { name: services.name, duration: services.duration },
    })
    .from(schedules)
    .innerJoin(customers, eq(customers.id, schedules.customerId))
    .leftJoin(services, eq(services.id, schedules.serviceId))
    .where(eq(schedules.id, id));
  if (!row) throw new NotFoundError("Schedule not found");
  const { visitsGeneratedThrough: _horizon, ...schedule } = row.schedule;
  return { ...schedule, customer: row.customer, service: row.service?.name ? row.service : null };
}
