import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers, payments } from "@/server/db/schema";

/**
 * What the business is owed: completed visits with a price and no completed payment for them, and
 * autopay charges that need the customer. A visit counts as paid by a completed payment linked to
 * it (its public id), or, for a one-time visit, linked to its schedule.
 */

const UNPAID_LIMIT = 200;

export interface UnpaidVisit {
  visitId: string;
  scheduleId: number;
  customerId: number;
  customerName: string;
  startTime: Date;
  amount: number;
}

export async function listUnpaidVisits(db: Db): Promise<UnpaidVisit[]> {
  // One-time visits are their schedule; a visit of a series is completed through its per-visit change.
  const result = await db.execute(sql`
    with completed as (
      select s.id::text as visit_id, s.id as schedule_id, s.customer_id, s.start_time, s.total_price
        from schedules s
       where not s.is_recurring and s.status = 'completed' and s.total_price > 0
      union all
      select s.id::text || '-' || c.occurrence_date::text, s.id, s.customer_id,
             coalesce(c.start_time, (c.occurrence_date::text || ' ' || to_char(s.start_time at time zone 'America/Chicago', 'HH24:MI:SS'))::timestamp at time zone 'America/Chicago'),
             s.total_price
        from schedule_visit_changes c join schedules s on s.id = c.schedule_id
       where s.is_recurring and c.status = 'completed' and s.total_price > 0
    )
    select v.visit_id, v.schedule_id, v.customer_id, cu.full_name, v.start_time, v.total_price
      from completed v join customers cu on cu.id = v.customer_id
     where not exists (
       select 1 from payments p
        where p.status = 'completed'
          and (p.visit_id = v.visit_id or (p.visit_id is null and p.schedule_id = v.schedule_id and v.visit_id = v.schedule_id::text))
     )
     order by v.start_time desc
     limit ${UNPAID_LIMIT}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<Record<string, unknown>>;
  return rows.map((row) => ({
    visitId: String(row.visit_id),
    scheduleId: Number(row.schedule_id),
    customerId: Number(row.customer_id),
    customerName: String(row.full_name),
    startTime: new Date(row.start_time as string | Date),
    amount: Number(row.total_price),
  }));
}

/** Autopay charges the card did not cover: still pending, with the reason the customer was given. */
export async function listFailedAutopay(db: Db) {
  const rows = await db
    .select({
      paymentId: payments.id,
      visitId: payments.visitId,
      customerId: payments.customerId,
      customerName: customers.fullName,
      amount: payments.amount,
      metadata: payments.metadata,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .where(and(isNotNull(payments.visitId), eq(payments.status, "pending"), sql`(${payments.metadata} ->> 'actionNeeded')::boolean is true`))
    .orderBy(desc(payments.createdAt))
    .limit(UNPAID_LIMIT);
  return rows.map(({ metadata, visitId, ...row }) => ({
    ...row,
    visitId: visitId!,
    reason: String((metadata as { failureMessage?: unknown } | null)?.failureMessage ?? "The card charge needs the customer."),
  }));
}

export async function owedSummary(db: Db) {
  const [unpaidVisits, failedAutopay] = await Promise.all([listUnpaidVisits(db), listFailedAutopay(db)]);
  return { unpaidVisits, failedAutopay, owedTotal: unpaidVisits.reduce((sum, visit) => sum + visit.amount, 0) };
}
