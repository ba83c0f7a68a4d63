import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers, services, visits } from "@/server/db/schema";

/** The dashboard lists this many of the latest changes customers made themselves. */
export const CUSTOMER_CHANGES_LIMIT = 5;

/**
 * What customers changed themselves in the portal (skip, move, pause, resume, cancel), newest
 * first, for the office. One action on a plan changes several visits in one moment (a pause skips
 * each visit until its end), so the visits a customer changed the same way on one plan within the
 * same minute are one line, with how many there were and the first of them.
 */
export async function listCustomerChanges(db: Db, limit = CUSTOMER_CHANGES_LIMIT) {
  const minute = sql`date_trunc('minute', ${visits.changedAt})`;
  return db
    .select({
      customerId: visits.customerId,
      customerName: customers.fullName,
      scheduleId: visits.scheduleId,
      serviceName: services.name,
      customerChange: visits.customerChange,
      status: visits.status,
      changedAt: sql<Date>`max(${visits.changedAt})`.mapWith(visits.changedAt),
      firstStartTime: sql<Date>`min(${visits.startTime})`.mapWith(visits.startTime),
      visits: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(visits)
    .innerJoin(customers, eq(customers.id, visits.customerId))
    .leftJoin(services, eq(services.id, visits.serviceId))
    .where(and(eq(visits.changedBy, "customer"), isNotNull(visits.changedAt)))
    .groupBy(visits.customerId, customers.fullName, visits.scheduleId, services.name, visits.customerChange, visits.status, minute)
    .orderBy(desc(sql`max(${visits.changedAt})`))
    .limit(limit);
}
