import { sql } from "drizzle-orm";
import { bucketStarts, yearBefore, type ReportPeriod } from "@/lib/reports";
import type { Db } from "@/server/db";
import { runReportStatement } from "./report-statement";
import { austinDay, periodInstants } from "./report-sql";
import type { WorkFigures, WorkReport } from "./schemas";

/** Visits done, skipped and cancelled week by week, and each crew's days, time on site and driving. */
export async function workReport(db: Db, period: ReportPeriod): Promise<WorkReport> {
  const [current, before] = await Promise.all([workFigures(db, period), workFigures(db, yearBefore(period))]);
  return { current, yearBefore: before };
}

interface WeekRow {
  week: string;
  completed: number;
  skipped: number;
  cancelled: number;
}

interface CrewRow {
  crewId: number | null;
  name: string | null;
  daysWorked: number;
  visitsCompleted: number;
  timedVisits: number;
  onSiteSeconds: number;
  routesApplied: number;
  metres: number;
  drivingMinutes: number;
}

/**
 * Visits count on the Austin day they start (a moved visit on its new day), in Monday-to-Sunday
 * weeks cut to the period. A cancelled visit the customer skipped or paused is "skipped"; any other
 * cancelled one (by staff, or a one-time visit the customer cancelled) is "cancelled".
 *
 * Crews: one row per crew with a completed visit or an applied day route in the period, active or
 * not, in the crews' order; completed visits given to no crew last, as "No crew". A visit is timed
 * when the crew's phone recorded Start and then Complete; time on site is summed exactly and
 * rounded only in the answer.
 *
 * One statement reads the period's visits once (through the start-time index), grouped by crew and
 * day; the weeks and the crews are both sums of those groups.
 */
async function workFigures(db: Db, period: ReportPeriod): Promise<WorkFigures> {
  const { from, to } = periodInstants(period);
  const result = await runReportStatement<{ weeks: WeekRow[] | string | null; crews: CrewRow[] | string | null }>(
    db,
    sql`
    with crew_days as materialized (
      select v.crew_id, ${austinDay(sql`v.start_time`)} as day,
        count(*) filter (where v.status = 'completed') as completed,
        count(*) filter (where v.status = 'cancelled' and v.customer_change in ('skipped', 'paused')) as skipped,
        count(*) filter (where v.status = 'cancelled' and v.customer_change is distinct from 'skipped'
          and v.customer_change is distinct from 'paused') as cancelled,
        count(*) filter (where r.completed_at > r.started_at) as timed,
        sum(r.completed_at - r.started_at) filter (where r.completed_at > r.started_at) as on_site
      from visits v
      left join visit_field_reports r on r.visit_id = v.id and v.status = 'completed'
      where v.start_time >= ${from}::timestamptz and v.start_time < ${to}::timestamptz and v.status in ('completed', 'cancelled')
      group by 1, 2
    ),
    weeks as (
      select to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD') as week,
        sum(completed)::int as completed, sum(skipped)::int as skipped, sum(cancelled)::int as cancelled
      from crew_days
      group by 1
    ),
    visits_by_crew as (
      select crew_id, count(*) filter (where completed > 0) as days_worked, sum(completed) as visits_completed,
        sum(timed) as timed_visits, extract(epoch from sum(on_site)) as on_site_seconds
      from crew_days
      group by crew_id
      having sum(completed) > 0
    ),
    routes_by_crew as (
      select crew_id, count(*) as routes_applied, sum(metres) as metres, sum(drive_minutes) as driving_minutes
      from applied_driving_routes
      where date >= ${period.from}::date and date <= ${period.to}::date
      group by crew_id
    ),
    crew_rows as (
      select coalesce(w.crew_id, d.crew_id) as "crewId", c.name, c.position, c.id,
        coalesce(w.days_worked, 0)::int as "daysWorked", coalesce(w.visits_completed, 0)::int as "visitsCompleted",
        coalesce(w.timed_visits, 0)::int as "timedVisits", coalesce(w.on_site_seconds, 0)::float8 as "onSiteSeconds",
        coalesce(d.routes_applied, 0)::int as "routesApplied", coalesce(d.metres, 0)::float8 as metres,
        coalesce(d.driving_minutes, 0)::int as "drivingMinutes"
      from visits_by_crew w
      full join routes_by_crew d on d.crew_id = w.crew_id
      left join crews c on c.id = coalesce(w.crew_id, d.crew_id)
    )
    select (select json_agg(weeks) from weeks) as weeks,
      (select json_agg(crew_rows order by "crewId" is null, position, name, id) from crew_rows) as crews`,
  );
  const [row] = result;
  const weekRows = fromJson(row?.weeks);
  const crewRows = fromJson(row?.crews);

  const byWeek = new Map(weekRows.map((week) => [week.week, week]));
  const weeks = bucketStarts(period, "week").map((start) => {
    const week = byWeek.get(start);
    return { start, completed: week?.completed ?? 0, skipped: week?.skipped ?? 0, cancelled: week?.cancelled ?? 0 };
  });
  const totals = {
    completed: weeks.reduce((sum, week) => sum + week.completed, 0),
    skipped: weeks.reduce((sum, week) => sum + week.skipped, 0),
    cancelled: weeks.reduce((sum, week) => sum + week.cancelled, 0),
  };
  return { period: { from: period.from, to: period.to }, weeks, totals, crews: crewRows.map(crewFigures) };
}

/** json_agg arrives parsed from PostgreSQL, as text from the embedded database; none is null. */
function fromJson<T>(value: T[] | string | null | undefined): T[] {
  if (value == null) return [];
  return typeof value === "string" ? (JSON.parse(value) as T[]) : value;
}

/** The crew's figures, rounded as the report shows them. */
function crewFigures(row: CrewRow): WorkFigures["crews"][number] {
  const { daysWorked, visitsCompleted, timedVisits, onSiteSeconds } = row;
  return {
    crewId: row.crewId,
    name: row.crewId === null ? "No crew" : (row.name ?? ""),
    daysWorked,
    visitsCompleted,
    visitsPerDay: daysWorked ? Math.round((visitsCompleted * 100) / daysWorked) / 100 : 0,
    timedVisits,
    onSiteMinutes: Math.round(onSiteSeconds / 60),
    // Minutes per visit to one decimal: seconds / 60 / visits, times 10, rounded, over 10.
    averageOnSiteMinutes: timedVisits ? Math.round(onSiteSeconds / (6 * timedVisits)) / 10 : null,
    routesApplied: row.routesApplied,
    drivingKm: Math.round(row.metres / 100) / 10,
    drivingMinutes: row.drivingMinutes,
  };
}
