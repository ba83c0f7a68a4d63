import { sql } from "drizzle-orm";
import { bucketStarts, yearBefore, type ReportPeriod } from "@/lib/reports";
import type { Db } from "@/server/db";
import { rowsOf } from "@/server/db/rows";
import { austinDay, periodInstants } from "./report-sql";
import type { WorkFigures, WorkReport } from "./schemas";

/** Visits done, skipped and cancelled week by week, and each crew's days, time on site and driving. */
export async function workReport(db: Db, period: ReportPeriod): Promise<WorkReport> {
  const [current, before] = await Promise.all([workFigures(db, period), workFigures(db, yearBefore(period))]);
  return { current, yearBefore: before };
}

async function workFigures(db: Db, period: ReportPeriod): Promise<WorkFigures> {
  const [weeks, crews] = await Promise.all([visitsByWeek(db, period), crewFigures(db, period)]);
  const totals = { completed: 0, skipped: 0, cancelled: 0 };
  for (const week of weeks) {
    totals.completed += week.completed;
    totals.skipped += week.skipped;
    totals.cancelled += week.cancelled;
  }
  return { period: { from: period.from, to: period.to }, weeks, totals, crews };
}

/**
 * Visits by the Austin day they start on (a moved visit on its new day), Monday to Sunday, counting
 * the period's days only. A cancelled visit the customer skipped or paused is "skipped"; any other
 * cancelled visit (staff, the customer's cancellation of a one-time visit) is "cancelled".
 */
async function visitsByWeek(db: Db, period: ReportPeriod) {
  const { from, to } = periodInstants(period);
  const week = sql`to_char(date_trunc('week', ${austinDay(sql`start_time`)}::timestamp), 'YYYY-MM-DD')`;
  const result: unknown = await db.execute(sql`
    select ${week} as week,
      count(*) filter (where status = 'completed')::int as completed,
      count(*) filter (where status = 'cancelled' and customer_change in ('skipped', 'paused'))::int as skipped,
      count(*) filter (where status = 'cancelled' and customer_change is distinct from 'skipped'
        and customer_change is distinct from 'paused')::int as cancelled
    from visits
    where start_time >= ${from}::timestamptz and start_time < ${to}::timestamptz and status in ('completed', 'cancelled')
    group by 1`);
  const byWeek = new Map(
    rowsOf<{ week: string; completed: unknown; skipped: unknown; cancelled: unknown }>(result).map((row) => [row.week, row]),
  );
  return bucketStarts(period, "week").map((start) => {
    const row = byWeek.get(start);
    return { start, completed: Number(row?.completed ?? 0), skipped: Number(row?.skipped ?? 0), cancelled: Number(row?.cancelled ?? 0) };
  });
}

interface CrewRow {
  crewId: number | null;
  name: string | null;
  daysWorked: unknown;
  visitsCompleted: unknown;
  timedVisits: unknown;
  onSiteSeconds: unknown;
  routesApplied: unknown;
  metres: unknown;
  drivingMinutes: unknown;
}

/**
 * One row per crew with a completed visit or an applied day route in the period, whether the crew
 * is active or not, in the crews' order; completed visits given to no crew last, as "No crew".
 * A visit is timed when the crew's phone recorded Start and then Complete; time on site is summed
 * exactly and rounded only in the answer.
 */
async function crewFigures(db: Db, period: ReportPeriod): Promise<WorkFigures["crews"]> {
  const { from, to } = periodInstants(period);
  const result: unknown = await db.execute(sql`
    with done as (
      select v.crew_id, ${austinDay(sql`v.start_time`)} as day,
        case when r.completed_at > r.started_at then extract(epoch from r.completed_at - r.started_at) end as on_site_seconds
      from visits v
      left join visit_field_reports r on r.visit_id = v.id
      where v.start_time >= ${from}::timestamptz and v.start_time < ${to}::timestamptz and v.status = 'completed'
    ),
    visits_by_crew as (
      select crew_id, count(distinct day) as days_worked, count(*) as visits_completed,
        count(on_site_seconds) as timed_visits, coalesce(sum(on_site_seconds), 0) as on_site_seconds
      from done
      group by crew_id
    ),
    routes_by_crew as (
      select crew_id, count(*) as routes_applied, sum(metres) as metres, sum(drive_minutes) as driving_minutes
      from applied_driving_routes
      where date >= ${period.from}::date and date <= ${period.to}::date
      group by crew_id
    )
    select coalesce(w.crew_id, d.crew_id) as "crewId", c.name,
      coalesce(w.days_worked, 0) as "daysWorked", coalesce(w.visits_completed, 0) as "visitsCompleted",
      coalesce(w.timed_visits, 0) as "timedVisits", coalesce(w.on_site_seconds, 0) as "onSiteSeconds",
      coalesce(d.routes_applied, 0) as "routesApplied", coalesce(d.metres, 0) as metres,
      coalesce(d.driving_minutes, 0) as "drivingMinutes"
    from visits_by_crew w
    full join routes_by_crew d on d.crew_id = w.crew_id
    left join crews c on c.id = coalesce(w.crew_id, d.crew_id)
    order by coalesce(w.crew_id, d.crew_id) is null, c.position, c.name, c.id`);
  return rowsOf<CrewRow>(result).map((row) => {
    const daysWorked = Number(row.daysWorked);
    const visitsCompleted = Number(row.visitsCompleted);
    const timedVisits = Number(row.timedVisits);
    const onSiteSeconds = Number(row.onSiteSeconds);
    return {
      crewId: row.crewId === null ? null : Number(row.crewId),
      name: row.crewId === null ? "No crew" : (row.name ?? ""),
      daysWorked,
      visitsCompleted,
      visitsPerDay: daysWorked ? Math.round((visitsCompleted * 100) / daysWorked) / 100 : 0,
      timedVisits,
      onSiteMinutes: Math.round(onSiteSeconds / 60),
      // Minutes per visit to one decimal: seconds / 60 / visits, times 10, rounded, over 10.
      averageOnSiteMinutes: timedVisits ? Math.round(onSiteSeconds / (6 * timedVisits)) / 10 : null,
      routesApplied: Number(row.routesApplied),
      drivingKm: Math.round(Number(row.metres) / 100) / 10,
      drivingMinutes: Number(row.drivingMinutes),
    };
  });
}
