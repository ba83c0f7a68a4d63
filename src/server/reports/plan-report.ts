import { sql } from "drizzle-orm";
import { yearBefore, type ReportPeriod } from "@/lib/reports";
import type { Db } from "@/server/db";
import { runReportStatement } from "./report-statement";
import { austinDay, monthsTable, periodInstants, reportMonths } from "./report-sql";
import type { PlanFigures, PlanReport } from "./schemas";

/** Recurring plans month by month: running, paused, ended and new. */
export async function planReport(db: Db, period: ReportPeriod): Promise<PlanReport> {
  const [current, before] = await Promise.all([planFigures(db, period), planFigures(db, yearBefore(period))]);
  return { current, yearBefore: before };
}

/**
 * A plan's last day, from what its row keeps. Ending it after a visit (the customer in the portal)
 * or giving it an end date (staff) sets `recurring_end_date`: its Austin day. Staff saving the whole
 * plan as cancelled or completed ended it on the Austin day of that save (`ended_at`, kept by a
 * trigger whatever is saved after), or on its end date if that came first. No end: null.
 */
const endDay = sql`case when status in ('cancelled', 'completed')
    then least(${austinDay(sql`recurring_end_date`)}, ${austinDay(sql`ended_at`)})
    else ${austinDay(sql`recurring_end_date`)} end`;

/**
 * For each month, the period's days of it only: new = created in it; ended = last day in it;
 * active = started (first visit's day) on or before its last counted day and not ended before that
 * day; paused = active with a visit in it that the customer paused (cancelled, marked paused).
 */
async function planFigures(db: Db, period: ReportPeriod): Promise<PlanFigures> {
  const months = reportMonths(period);
  const { from, to } = periodInstants(period);
  const result = await runReportStatement<{ month: string; active: unknown; paused: unknown; ended: unknown; new: unknown }>(
    db,
    sql`
    with months as (${monthsTable(months)}),
    plans as materialized (
      select id, ${austinDay(sql`created_at`)} as created_day, ${austinDay(sql`start_time`)} as start_day, ${endDay} as end_day
      from schedules
      where is_recurring
    ),
    paused_months as (
      select distinct v.schedule_id, m.month
      from visits v
      join months m on ${austinDay(sql`v.start_time`)} between m.first_day and m.last_day
      where v.start_time >= ${from}::timestamptz and v.start_time < ${to}::timestamptz
        and v.status = 'cancelled' and v.customer_change = 'paused'
    ),
    plan_months as (
      select m.month, p.created_day between m.first_day and m.last_day as is_new,
        p.end_day between m.first_day and m.last_day as has_ended,
        p.start_day <= m.last_day and (p.end_day is null or p.end_day >= m.last_day) as is_active,
        x.schedule_id is not null as has_paused_visit
      from months m
      cross join plans p
      left join paused_months x on x.schedule_id = p.id and x.month = m.month
    )
    select month,
      count(*) filter (where is_active) as active,
      count(*) filter (where is_active and has_paused_visit) as paused,
      count(*) filter (where has_ended) as ended,
      count(*) filter (where is_new) as new
    from plan_months
    group by month`,
  );
  const byMonth = new Map(result.map((row) => [row.month, row]));
  const figures = months.map(({ month }) => {
    const row = byMonth.get(month);
    return {
      month,
      active: Number(row?.active ?? 0),
      paused: Number(row?.paused ?? 0),
      ended: Number(row?.ended ?? 0),
      new: Number(row?.new ?? 0),
    };
  });
  return {
    period: { from: period.from, to: period.to },
    months: figures,
    totals: {
      new: figures.reduce((sum, month) => sum + month.new, 0),
      ended: figures.reduce((sum, month) => sum + month.ended, 0),
    },
  };
}
