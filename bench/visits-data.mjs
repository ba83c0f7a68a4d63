// The API bench's data: 50,000 visit rows over a decade, 500 of whose series are open-ended and
// generated a horizon ahead as the app does it, inserted set-based (seconds, not minutes).
import postgres from "postgres";

/** `BENCH_SCALE` (1) multiplies the business: customers, series and visits (4 is the "four times"). */
export const SCALE = Number(process.env.BENCH_SCALE ?? 1);
export const VISITS = 50_000 * SCALE;
export const SERIES = 500 * SCALE;
const CUSTOMERS = 2000 * SCALE;

/** Visit rows of the series, as the app generates them: each at the first visit's Austin wall-clock time. */
const SERIES_VISITS_SQL = `
  insert into visits (schedule_id, customer_id, service_id, occurrence_date, start_time, end_time, status, total_price, address, origin)
  select s.id, s.customer_id, s.service_id, o.occurrence_date, o.start_time, o.start_time + (s.end_time - s.start_time),
    case when o.start_time < now() then 'completed' else s.status end, s.total_price, s.address, 'series'
  from schedules s
  cross join lateral (
    select local_start::date as occurrence_date, local_start at time zone 'America/Chicago' as start_time
    from (
      select (s.start_time at time zone 'America/Chicago') + n * (case s.recurring_frequency
        when 'monthly' then interval '1 month' when 'biweekly' then interval '14 days' else interval '7 days' end) as local_start
      from generate_series(0, 2000) as n
    ) steps
  ) o
  where s.is_recurring and o.occurrence_date <= (now() at time zone 'America/Chicago')::date + 400`;

export async function seedVisits(url) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql`insert into customers (full_name, email, phone, address, city, state, zip_code)
    select 'Bench Customer ' || g, 'bench' || g || '@example.com', '5125550000', g || ' Bench St', 'Austin', 'TX', '78701'
    from generate_series(1, ${CUSTOMERS}) g`;
  // 500 open-ended series started within the last two years, their visits generated a horizon ahead.
  await sql`insert into schedules (customer_id, service_id, date, start_time, end_time, status, total_price, is_recurring, recurring_frequency, address,
      visits_generated_through)
    select c.first + (g % ${CUSTOMERS}), s.id, t, t, t + interval '60 minutes', 'confirmed', 3150, true,
      (array['weekly', 'biweekly', 'monthly'])[1 + g % 3], g || ' Series St', (now() at time zone 'America/Chicago')::date + 400
    from generate_series(1, ${SERIES}) g
    cross join (select min(id) as first from customers where email like 'bench%') c
    cross join (select min(id) as id from services) s
    cross join lateral (select (current_date - 730 + (g % 500))::timestamp at time zone 'America/Chicago' + make_interval(hours => 9 + g % 8) as t) times`;
  await sql.unsafe(SERIES_VISITS_SQL);
  const [{ count: seriesVisits }] = await sql`select count(*)::int as count from visits`;
  // One-time visits up to the total: a decade of history plus a year ahead, about 380 a month.
  const oneTime = VISITS - seriesVisits;
  await sql`insert into schedules (customer_id, service_id, date, start_time, end_time, status, total_price, address, city, state, zip_code)
    select c.first + (g % ${CUSTOMERS}), s.id, t, t, t + interval '60 minutes',
      case when t < now() then 'completed' else 'pending' end, 3500, g || ' Bench St', 'Austin', 'TX', '78701'
    from generate_series(1, ${oneTime}) g
    cross join (select min(id) as first from customers where email like 'bench%') c
    cross join (select min(id) as id from services) s
    cross join lateral (select (current_date - 3650 + (g * 4015 / ${oneTime}))::timestamp at time zone 'America/Chicago'
      + make_interval(hours => 9 + g % 9) as t) times`;
  await sql`insert into visits (id, schedule_id, customer_id, service_id, occurrence_date, start_time, end_time, status, total_price, address, city, state, zip_code, origin)
    select id, id, customer_id, service_id, (start_time at time zone 'America/Chicago')::date, start_time, end_time, status, total_price, address, city, state, zip_code, 'staff'
    from schedules where not is_recurring`;
  // Crew capacity high enough that the booking benchmark measures booking, not refusals.
  await sql`insert into crews (name, position) select 'Bench crew ' || n, n from generate_series(1, 500) n
    where (select count(*) from crews where active) < 500`;
  await sql`analyze`;
  const [{ count }] = await sql`select count(*)::int as count from visits`;
  await sql.end();
  return count;
}
