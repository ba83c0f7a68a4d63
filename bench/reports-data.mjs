// The reports' data on top of a bench business (visits-data.mjs or staff-data.mjs): its crews, the
// money (payments, refunds), the crews' phones (started, completed), applied driving routes, plans
// that ended or paused, and quotes with their answers, each in one set-based statement. Rows are
// written as the app writes them, in plain SQL: the owed triggers run on every statement.
import postgres from "postgres";

/**
 * Adds what the five reports read, in the proportions of a working lawn business, to the database
 * at `url`; `scale` is the business's size against the 1× bench (crews and quotes grow with it).
 * Returns the counts it made, for the results' text.
 */
export async function seedReportData(url, { scale = 1 } = {}) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  // A fixed pseudo-random percentile (0-99) of a row: the same data on every run, no column in
  // step with another (plain `id % n` draws would pay, refund and time the same visits).
  await sql`create function pg_temp.draw(key bigint, salt int) returns int language sql immutable
    as $$ select ((hashint8(key * 1000 + salt)::bigint % 100 + 100) % 100)::int $$`;
  const crewCount = Math.max(2, Math.round(5 * scale));

  // Crews: a handful at work (five or six visits a crew a day), and two that left, who did the
  // visits of more than three years ago. The booking bench's hundreds of crews are capacity, not
  // people: retired here, as Settings would.
  await sql`with ranked as (select id, row_number() over (order by position, id) as n from crews where active)
    update crews c set active = false, updated_at = now() from ranked r where c.id = r.id and r.n > ${crewCount}`;
  await sql`insert into crews (name, position)
    select 'Crew ' || n, n from generate_series((select count(*)::int from crews where active) + 1, ${crewCount}) n`;
  await sql`insert into crews (name, position, active) values ('Former crew A', 0, false), ('Former crew B', 0, false)`;

  // A series' visits go to its crew; nine one-time visits in ten have one. This update of nearly
  // every visit comes before the smaller ones: the owed trigger's query over a statement's old and
  // new rows is planned once per connection, on its first statement, and a plan made for a few
  // rows (a nested loop) takes minutes over 50,000.
  await sql`update schedules s set crew_id = a.ids[1 + s.id % cardinality(a.ids)]
    from (select array_agg(id order by position, id) as ids from crews where active) a
    where s.is_recurring`;
  await sql`update visits v set crew_id = case when v.start_time < now() - interval '3 years' then f.ids[1 + v.schedule_id % 2]
      else a.ids[1 + v.schedule_id % cardinality(a.ids)] end
    from (select array_agg(id order by position, id) as ids from crews where active) a,
      (select array_agg(id order by id) as ids from crews where name like 'Former crew _') f
    where v.origin = 'series' or pg_temp.draw(v.id, 6) < 90`;

  // One series in five ended (the customer stopped: its end date at noon of the last day, later
  // visits removed, as the portal's "End the plan" does), at least two months after it began.
  await sql`with ended as (
      update schedules s set recurring_end_date = (e.last_day + time '12:00') at time zone 'America/Chicago', updated_at = now()
      from (
        select id, first_day + 60 + pg_temp.draw(id, 1) * (current_date - first_day - 60) / 100 as last_day
        from (select id, (start_time at time zone 'America/Chicago')::date as first_day from schedules where is_recurring) f
        where current_date - first_day > 60 and pg_temp.draw(id, 2) < 20
      ) e
      where s.id = e.id
      returning s.id, e.last_day
    )
    delete from visits v using ended where v.schedule_id = ended.id and v.occurrence_date > ended.last_day`;
  // Plans are booked a few days to two weeks before their first visit.
  await sql`update schedules set created_at = start_time - make_interval(days => 3 + id % 11, hours => id % 7), updated_at = now()
    where is_recurring`;
  // Customers' own changes: one series in eight paused for a month after its third month, and 4%
  // of the other series visits skipped; the office cancels 3% of one-time visits.
  await sql`update visits v set status = 'cancelled', customer_change = 'paused', status_before_pause = 'confirmed',
      changed = true, changed_by = 'customer', changed_at = v.start_time - interval '10 days', updated_at = now()
    from schedules s
    where s.id = v.schedule_id and s.is_recurring and pg_temp.draw(s.id, 3) < 12
      and v.occurrence_date between (s.start_time at time zone 'America/Chicago')::date + 90 and (s.start_time at time zone 'America/Chicago')::date + 120`;
  await sql`update visits set status = 'cancelled', customer_change = 'skipped', changed = true, changed_by = 'customer',
      changed_at = start_time - interval '3 days', updated_at = now()
    where origin = 'series' and status <> 'cancelled' and pg_temp.draw(id, 4) < 4`;
  await sql`update visits set status = 'cancelled', changed = true, changed_by = 'staff', changed_at = start_time - interval '1 day', updated_at = now()
    where origin <> 'series' and pg_temp.draw(id, 5) < 3`;

  // Payments for 85% of completed, priced visits, linked as the app links them: a series visit is
  // charged to the saved card by autopay (visit and plan), a one-time visit is paid by card, cash
  // or check against its plan (whose id is the visit's). Most pay within five days, one in eight
  // of them one to four months late, so debts age; none is dated after now.
  await sql`insert into payments (customer_id, schedule_id, visit_id, amount, status, method, payment_date, stripe_payment_id,
      stripe_payment_intent, metadata, created_at, updated_at)
    select v.customer_id, v.schedule_id, case when v.origin = 'series' then v.id end, v.total_price, 'completed', m.method, p.at,
      case when m.method = 'card' then 'ch_bench_' || v.id end, case when m.method = 'card' then 'pi_bench_' || v.id end,
      case when m.method <> 'card' then jsonb_build_object('reference', case when m.method = 'check' then 'Check ' || (1000 + v.id % 9000) end,
        'recordedByUserId', null) end,
      p.at, p.at
    from visits v
    cross join lateral (select case when v.origin = 'series' then 'card'
      else (array['card', 'card', 'cash', 'cash', 'check'])[1 + pg_temp.draw(v.id, 7) % 5] end as method) m
    cross join lateral (select v.end_time + case when pg_temp.draw(v.id, 8) < 12 then make_interval(days => 20 + pg_temp.draw(v.id, 9))
      else make_interval(days => pg_temp.draw(v.id, 9) % 6, hours => 1 + pg_temp.draw(v.id, 10) % 8) end as at) p
    where v.status = 'completed' and v.total_price > 0 and pg_temp.draw(v.id, 11) < 85 and p.at <= now()`;
  // Refunds of 3% of card payments, half whole and half in part, confirmed (as the webhook
  // confirms them) two to three weeks later; one in fifteen failed at Stripe and counts for nothing.
  await sql`insert into payment_refunds (payment_id, stripe_refund_id, amount, reason, status, created_at, confirmed_at)
    select p.id, 're_bench_' || p.id,
      case when pg_temp.draw(p.id, 12) < 50 then p.amount else greatest(1, p.amount * (20 + pg_temp.draw(p.id, 13) % 60) / 100) end,
      case when pg_temp.draw(p.id, 12) < 50 then 'Visit not done to standard' else 'Part of the yard skipped' end,
      case when pg_temp.draw(p.id, 14) < 7 then 'failed' else 'succeeded' end, r.at - interval '1 hour', r.at
    from payments p
    cross join lateral (select p.payment_date + make_interval(days => 2 + pg_temp.draw(p.id, 15) % 20, hours => pg_temp.draw(p.id, 16) % 10) as at) r
    where p.method = 'card' and p.status = 'completed' and p.stripe_payment_intent like 'pi_bench_%' and pg_temp.draw(p.id, 17) < 3
      and r.at <= now()`;

  // The crews' phones over the last two years: "On my way", Start and Complete on nine visits in
  // ten of those a crew did; a twentieth of them never sent Complete.
  await sql`insert into visit_field_reports (visit_id, crew_id, on_my_way_at, eta_minutes, started_at, completed_at, updated_at)
    select v.id, v.crew_id, s.at - interval '20 minutes', 20, s.at,
      case when pg_temp.draw(v.id, 18) < 95 then s.at + make_interval(mins => 25 + pg_temp.draw(v.id, 19) / 2) end, s.at
    from visits v
    cross join lateral (select v.start_time + make_interval(mins => pg_temp.draw(v.id, 20) / 5) as at) s
    where v.status = 'completed' and v.crew_id is not null and v.start_time >= now() - interval '2 years'
      and v.start_time < now() - interval '2 hours' and pg_temp.draw(v.id, 21) < 90`;
  // Applied driving routes for 85% of the crew-days of the last two years: 3-7 km a stop plus the
  // way out and back, at about 30 km/h.
  await sql`insert into applied_driving_routes (crew_id, date, stops, metres, drive_minutes, applied_at)
    select crew_id, day, stops, metres, round(metres / 500.0)::int, (day + time '06:30') at time zone 'America/Chicago'
    from (
      select crew_id, day, count(*)::int as stops,
        (count(*) * (3000 + pg_temp.draw(crew_id::bigint * 100000 + (day - date '2000-01-01'), 22) * 40) + 12000)::int as metres
      from (select crew_id, (start_time at time zone 'America/Chicago')::date as day from visits
        where crew_id is not null and status = 'completed' and start_time >= now() - interval '2 years') d
      group by crew_id, day
    ) days
    where pg_temp.draw(crew_id::bigint * 100000 + (day - date '2000-01-01'), 23) < 85`;

  // Quotes, about 300 a year at 1× over three years: 5% drafts; of those sent, 40% accepted and
  // 20% declined one to two weeks after, the rest left open (expired once past their last day);
  // one in ten revised once. A quote in four asks a 25% deposit, paid by card when accepted.
  const quoteCount = Math.round(900 * scale);
  await sql`insert into quotes (customer_id, full_name, email, phone, address, city, state, zip_code, status, current_version, token_hash,
      sent_at, viewed_at, declined_at, decline_reason, accepted_at, created_at, updated_at)
    select c.id, c.full_name, lower(c.email), c.phone, coalesce(c.address, '1 Bench St'), c.city, 'TX', coalesce(c.zip_code, '78701'), q.status,
      case when q.status <> 'draft' and q.g % 10 = 0 then 2 else 1 end,
      case when q.status <> 'draft' then md5('bench-quote-' || q.g) end,
      case when q.status <> 'draft' then q.sent end,
      case when q.status in ('viewed', 'accepted', 'declined') then q.sent + interval '3 hours' end,
      case when q.status = 'declined' then q.answered end,
      case when q.status = 'declined' and q.g % 2 = 0 then 'Went with another company' end,
      case when q.status = 'accepted' then q.answered end,
      q.created, coalesce(case when q.status in ('accepted', 'declined') then q.answered end, q.sent, q.created)
    from (
      select t.*, case
          when t.draw < 5 or t.sent > now() then 'draft'
          when t.draw < 45 and t.answered <= now() then 'accepted'
          when t.draw < 65 and t.answered <= now() then 'declined'
          when t.draw < 85 then 'viewed'
          else 'sent' end as status
      from (
        select g, pg_temp.draw(g, 24) as draw, created, created + make_interval(days => g % 3, hours => 2) as sent,
          created + make_interval(days => g % 3 + 1 + pg_temp.draw(g, 25) % 14, hours => 5) as answered
        from generate_series(1, ${quoteCount}) g
        cross join lateral (select now() - make_interval(days => 1095 * (${quoteCount} - g) / ${quoteCount}, hours => g % 9) as created) made
      ) t
    ) q
    cross join (select array_agg(id order by id) as ids from customers) a
    join customers c on c.id = a.ids[1 + (q.g * 7) % cardinality(a.ids)]`;
  await sql`insert into quote_versions (quote_id, version, tax_rate_basis_points, expires_on, terms, plan_kind, plan_service_id, plan_frequency,
      plan_first_date, plan_start_time, plan_duration_minutes, plan_price_per_visit, deposit_kind, deposit_value, created_at)
    select q.id, n, 825, (coalesce(q.sent_at, q.created_at) at time zone 'America/Chicago')::date + 30, 'Payment due on completion.',
      case when q.id % 3 = 0 then 'recurring' else 'one_time' end, s.id, case when q.id % 3 = 0 then 'weekly' end,
      (coalesce(q.sent_at, q.created_at) at time zone 'America/Chicago')::date + 14, '09:00', 120,
      case when q.id % 3 = 0 then 4500 end, case when q.id % 4 = 0 then 'percent' else 'none' end, case when q.id % 4 = 0 then 25 else 0 end,
      q.created_at + make_interval(days => n - 1)
    from quotes q
    cross join lateral generate_series(1, q.current_version) n
    cross join (select min(id) as id from services) s
    where not exists (select 1 from quote_versions v where v.quote_id = q.id)`;
  // A priced line on every version, and an optional edging line on one in three.
  await sql`insert into quote_line_items (version_id, position, service_id, description, quantity, unit_price, optional)
    select v.id, 1, v.plan_service_id, 'Sod and soil preparation', 1, 15000 + pg_temp.draw(v.quote_id, 26) * 1000, false
    from quote_versions v where not exists (select 1 from quote_line_items i where i.version_id = v.id)
    union all
    select v.id, 2, null, 'Edging along the beds', 1, 4500, true
    from quote_versions v where v.quote_id % 3 = 0 and not exists (select 1 from quote_line_items i where i.version_id = v.id)`;
  // Acceptances: the live one of each accepted quote (its total with 8.25% tax, half up), one left
  // awaiting its deposit on a viewed quote in eight, and a void one on version 1 of a revised
  // accepted quote (accepted, then revised before the deposit came).
  await sql`insert into quote_acceptances (quote_id, version_id, version, signed_name, accepted_at, client_address, optional_item_ids,
      subtotal, tax, total, deposit, status, completed_at, created_at)
    select a.quote_id, a.version_id, a.version, a.full_name, a.at, '10.0.0.1', a.optional_ids, a.subtotal, a.tax, a.subtotal + a.tax,
      case when a.deposit_kind = 'percent' then ((a.subtotal + a.tax) * a.deposit_value + 50) / 100 else 0 end, a.status,
      case when a.status = 'accepted' then a.at end, a.at
    from (
      select q.id as quote_id, v.id as version_id, v.version, q.full_name, v.deposit_kind, v.deposit_value, k.status,
        case when k.status = 'awaiting_deposit' then q.viewed_at + interval '1 hour'
          when k.status = 'void' then q.sent_at + interval '1 day' else q.accepted_at - interval '5 minutes' end as at,
        coalesce(array_agg(i.id) filter (where i.optional and q.id % 2 = 0), '{}') as optional_ids,
        (sum(i.unit_price * i.quantity) filter (where not i.optional or q.id % 2 = 0))::int as subtotal,
        ((sum(i.unit_price * i.quantity) filter (where not i.optional or q.id % 2 = 0)) * 825 + 5000) / 10000 as tax
      from quotes q
      cross join lateral (
        select 'accepted' as status, q.current_version as version where q.status = 'accepted'
        union all select 'void', 1 where q.status = 'accepted' and q.current_version = 2 and q.id % 4 = 0
        union all select 'awaiting_deposit', q.current_version where q.status = 'viewed' and q.id % 8 = 4
      ) k
      join quote_versions v on v.quote_id = q.id and v.version = k.version
      join quote_line_items i on i.version_id = v.id
      where q.token_hash is not null and not exists (select 1 from quote_acceptances x where x.quote_id = q.id)
      group by q.id, v.id, k.status
    ) a`;
  // The deposits' card payments: completed for accepted quotes, pending for those still due; a
  // deposit belongs to no plan or visit until the plan exists.
  await sql`with deposits as (
      insert into payments (customer_id, amount, status, method, payment_date, stripe_payment_id, stripe_payment_intent, metadata, created_at, updated_at)
      select q.customer_id, x.deposit, case when x.status = 'accepted' then 'completed' else 'pending' end, 'card', x.accepted_at + interval '4 minutes',
        case when x.status = 'accepted' then 'ch_bench_deposit_' || x.id end, 'pi_bench_deposit_' || x.id,
        jsonb_build_object('quoteId', q.id, 'quoteAcceptanceId', x.id, 'description', 'Deposit for quote Q-' || q.id),
        x.accepted_at, x.accepted_at + interval '4 minutes'
      from quote_acceptances x join quotes q on q.id = x.quote_id
      where x.deposit > 0 and x.status <> 'void' and x.payment_id is null
      returning id, (metadata ->> 'quoteAcceptanceId')::int as acceptance_id
    )
    update quote_acceptances x set payment_id = d.id from deposits d where x.id = d.acceptance_id`;

  await sql`vacuum analyze`;
  const [counts] = await sql`select
      (select count(*)::int from crews where active) as crews,
      (select count(*)::int from payments where status = 'completed') as payments,
      (select count(*)::int from payment_refunds where status = 'succeeded') as refunds,
      (select count(*)::int from visit_field_reports) as "fieldReports",
      (select count(*)::int from applied_driving_routes) as "drivingRoutes",
      (select count(*)::int from quotes) as quotes,
      (select count(*)::int from unpaid_visits) as "unpaidVisits",
      (select count(*)::int from visits) as visits`;
  await sql.end();
  return counts;
}
