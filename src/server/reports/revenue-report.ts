import { sql } from "drizzle-orm";
import { BUSINESS_TIME_ZONE } from "@/lib/business-time";
import type { ReportGrouping, ReportPeriod } from "@/lib/reports";
import { bucketStarts, yearBefore } from "@/lib/reports";
import type { Db } from "@/server/db";
import { runReportStatement } from "./report-statement";
import { periodInstants } from "./report-sql";
import type { RevenueFigures, RevenueReport } from "./schemas";

/**
 * Money collected in the period and in the same days a year before, on a cash basis
 * (docs/product-rules.md#reports): a completed payment counts on the Austin day of its payment date,
 * a confirmed refund on the Austin day it was confirmed, whenever its payment was made.
 */
export async function revenueReport(db: Db, input: ReportPeriod & { by: ReportGrouping }): Promise<RevenueReport> {
  const [current, before] = await Promise.all([revenueFigures(db, input, input.by), revenueFigures(db, yearBefore(input), input.by)]);
  return { by: input.by, current, yearBefore: before };
}

type Kind = "bucket" | "service" | "crew";

interface RevenueRow {
  kind: Kind;
  bucket: string | null;
  id: number | null;
  name: string | null;
  card: string | number;
  cash: string | number;
  check: string | number;
  refunds: string | number;
  payments: string | number;
}

/**
 * One statement, so the buckets and the shares read the same rows. Each payment and refund in the
 * period goes to a bucket (the Austin day's day, Monday or first of the month) and to the service
 * and crew of what the payment paid for, kept on the payment by triggers (drizzle/0030): its visit;
 * else its plan (or, for a quote's deposit, the plan the accepted quote became), read through the
 * plan's one-time visit when it has one, since that visit carries the crew. The payments come from
 * one range of an index that holds every column read. A deposit is its own payment; the visits it
 * was credited against cost that much less, so their later payments never count it twice.
 */
async function revenueFigures(db: Db, period: ReportPeriod, by: ReportGrouping): Promise<RevenueFigures> {
  const instants = periodInstants(period);
  const start = sql`${instants.from}::timestamptz`;
  const end = sql`${instants.to}::timestamptz`;
  const result = await runReportStatement<RevenueRow>(
    db,
    sql`
    with money as (
      select p.method, p.amount as paid, 0 as refunded, p.payment_date as at,
        p.attributed_service_id as service_id, p.attributed_crew_id as crew_id
      from payments p
      where p.status = 'completed' and p.payment_date >= ${start} and p.payment_date < ${end}
      union all
      select p.method, 0, r.amount, r.confirmed_at, p.attributed_service_id, p.attributed_crew_id
      from payment_refunds r
      join payments p on p.id = r.payment_id
      where r.status = 'succeeded' and r.confirmed_at >= ${start} and r.confirmed_at < ${end}
    ),
    placed as (
      select method, paid, refunded, date_trunc(${by}, at at time zone ${BUSINESS_TIME_ZONE})::date as bucket, service_id, crew_id
      from money
    ),
    grouped as (
      select case grouping(bucket, service_id, crew_id) when 3 then 'bucket' when 5 then 'service' else 'crew' end as kind,
        bucket, service_id, crew_id,
        coalesce(sum(paid) filter (where method = 'card'), 0) as card,
        coalesce(sum(paid) filter (where method = 'cash'), 0) as cash,
        coalesce(sum(paid) filter (where method = 'check'), 0) as "check",
        sum(refunded) as refunds,
        count(*) filter (where paid > 0) as payments
      from placed
      group by grouping sets ((bucket), (service_id), (crew_id))
    )
    select g.kind, g.bucket::text as bucket, coalesce(g.service_id, g.crew_id) as id,
      case g.kind when 'service' then coalesce(sv.name, 'No service') when 'crew' then coalesce(cr.name, 'No crew') end as name,
      g.card, g.cash, g."check", g.refunds, g.payments
    from grouped g
    left join services sv on g.kind = 'service' and sv.id = g.service_id
    left join crews cr on g.kind = 'crew' and cr.id = g.crew_id
    order by g.kind, g.bucket, g.card + g.cash + g."check" - g.refunds desc, name, id`,
  );

  const rows = result.map((row) => {
    const figures = { card: Number(row.card), cash: Number(row.cash), check: Number(row.check), refunds: Number(row.refunds) };
    return {
      ...row,
      figures: { ...figures, net: figures.card + figures.cash + figures.check - figures.refunds },
      payments: Number(row.payments),
    };
  });
  const byBucket = new Map(rows.filter((row) => row.kind === "bucket").map((row) => [row.bucket, row]));
  const empty = { card: 0, cash: 0, check: 0, refunds: 0, net: 0 };
  const buckets = bucketStarts(period, by).map((bucketStart) => ({ start: bucketStart, ...(byBucket.get(bucketStart)?.figures ?? empty) }));
  const totals = { ...empty, payments: 0 };
  for (const bucket of buckets) {
    totals.card += bucket.card;
    totals.cash += bucket.cash;
    totals.check += bucket.check;
    totals.refunds += bucket.refunds;
    totals.net += bucket.net;
  }
  for (const row of byBucket.values()) totals.payments += row.payments;
  const shares = (kind: Kind) =>
    rows.filter((row) => row.kind === kind).map((row) => ({ id: row.id, name: row.name ?? "", net: row.figures.net }));
  return {
    period: { from: period.from, to: period.to },
    buckets,
    totals,
    byService: shares("service"),
    byCrew: shares("crew"),
  };
}
