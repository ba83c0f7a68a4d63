import { sql } from "drizzle-orm";
import { addDays, BUSINESS_TIME_ZONE, type DateString, endOfBusinessDayExclusive, startOfBusinessDay } from "@/lib/business-time";
import { yearBeforeDay } from "@/lib/reports";
import type { Db } from "@/server/db";
import { runReportStatement } from "./report-statement";
import { OWED_BUCKETS, type OwedFigures, type OwedReport } from "./schemas";

/** Each bucket names at most this many customers; `customerCount` says how many owe. */
export const OWED_CUSTOMERS_LISTED = 100;

/** What was owed at the end of the day, aged, and at the end of the same day a year before. */
export async function owedReport(db: Db, input: { asOf: DateString }): Promise<OwedReport> {
  const [current, yearBefore] = await Promise.all([owedFigures(db, input.asOf), owedFigures(db, yearBeforeDay(input.asOf))]);
  return { current, yearBefore };
}

type OwedBucket = (typeof OWED_BUCKETS)[number];

interface OwedRow {
  bucket: OwedBucket;
  customer_id: number;
  name: string;
  amount: string | number;
  visits: string | number;
  oldest_day: string;
  bucket_amount: string | number;
  bucket_visits: string | number;
  customer_count: string | number;
}

/**
 * What was owed at the end of Austin day `asOf`: completed, priced visits on or before that day that
 * no completed payment dated before the day's end paid, by the rule of src/server/payments/owed.ts
 * (a refunded payment still paid its visit). Read without scanning every visit: the visits unpaid
 * now are kept in `unpaid_visits` with their customer and start; the others owed then are exactly those some completed payment
 * dated after the day paid and none dated before its end, found from those later payments. Each
 * such visit's first payment is looked up after the join, for those few visits only: written as a
 * condition on the visits, the planner checked it for every visit before the day. A visit's age is
 * `asOf` less its Austin day.
 */
async function owedFigures(db: Db, asOf: DateString): Promise<OwedFigures> {
  const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;
  const end = instant(endOfBusinessDayExclusive(asOf));
  // A visit is at most 30 days old when its day is on or after asOf − 30, and so on.
  const [within30, within60, within90] = [30, 60, 90].map((days) => instant(startOfBusinessDay(addDays(asOf, -days))));
  const rows = await runReportStatement<OwedRow>(
    db,
    sql`
    with paid_later as materialized (
      select v.id, v.schedule_id, v.customer_id, v.total_price, v.start_time
      from payments p
      join visits v on v.id = coalesce(p.visit_id, p.schedule_id)
      where p.status = 'completed' and p.payment_date >= ${end} and (p.visit_id is not null or v.id = v.schedule_id)
        and v.status = 'completed' and v.total_price > 0 and v.start_time < ${end}
    ),
    owed as (
      select u.customer_id, u.amount, u.start_time
      from unpaid_visits u
      where u.start_time < ${end}
      union all
      select l.customer_id, l.total_price, l.start_time
      from (select distinct * from paid_later) l
      where (
        select min(q.payment_date) from payments q
        where q.status = 'completed' and (q.visit_id = l.id or (q.visit_id is null and q.schedule_id = l.id and l.id = l.schedule_id))
      ) >= ${end}
    ),
    aged as (
      select customer_id, amount, start_time,
        case when start_time >= ${within30} then '0-30' when start_time >= ${within60} then '31-60'
          when start_time >= ${within90} then '61-90' else 'over-90' end as bucket
      from owed
    ),
    by_customer as (
      select bucket, customer_id, sum(amount) as amount, count(*) as visits, min(start_time) as oldest
      from aged
      group by bucket, customer_id
    ),
    ranked as (
      select b.bucket, b.customer_id, c.full_name as name, b.amount, b.visits, b.oldest,
        row_number() over (partition by b.bucket order by b.amount desc, c.full_name, b.customer_id) as rank,
        sum(b.amount) over (partition by b.bucket) as bucket_amount,
        sum(b.visits) over (partition by b.bucket) as bucket_visits,
        count(*) over (partition by b.bucket) as customer_count
      from by_customer b
      join customers c on c.id = b.customer_id
    )
    select bucket, customer_id, name, amount, visits, (oldest at time zone ${BUSINESS_TIME_ZONE})::date::text as oldest_day,
      bucket_amount, bucket_visits, customer_count
    from ranked
    where rank <= ${OWED_CUSTOMERS_LISTED}
    order by bucket, rank`,
  );
  const buckets = OWED_BUCKETS.map((bucket) => {
    const listed = rows.filter((row) => row.bucket === bucket);
    const first = listed[0];
    return {
      bucket,
      amount: Number(first?.bucket_amount ?? 0),
      visits: Number(first?.bucket_visits ?? 0),
      customers: listed.map((row) => ({
        customerId: row.customer_id,
        name: row.name,
        amount: Number(row.amount),
        visits: Number(row.visits),
        oldestVisitDay: row.oldest_day,
      })),
      customerCount: Number(first?.customer_count ?? 0),
    };
  });
  return {
    asOf,
    buckets,
    total: {
      amount: buckets.reduce((sum, bucket) => sum + bucket.amount, 0),
      visits: buckets.reduce((sum, bucket) => sum + bucket.visits, 0),
    },
  };
}
