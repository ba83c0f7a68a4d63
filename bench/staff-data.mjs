// A business several years in: customers with varied names, phones and streets, and a decade of
// visits in the current schedule model, inserted in a few set-based statements (seconds, not minutes).
import postgres from "postgres";

const FIRST = [
  "Maria",
  "James",
  "Ana",
  "Robert",
  "Linda",
  "Carlos",
  "Patricia",
  "Michael",
  "Sofia",
  "David",
  "Emily",
  "Jose",
  "Sarah",
  "Daniel",
  "Laura",
  "Kevin",
  "Grace",
  "Luis",
  "Hannah",
  "Thomas",
];
const LAST = [
  "Garcia",
  "Smith",
  "Johnson",
  "Martinez",
  "Brown",
  "Lopez",
  "Davis",
  "Hernandez",
  "Wilson",
  "Anderson",
  "Nguyen",
  "Taylor",
  "Moore",
  "Jackson",
  "Perez",
  "White",
  "Harris",
  "Clark",
  "Lewis",
  "Walker",
];
const STREETS = ["Congress Ave", "Lamar Blvd", "Guadalupe St", "Burnet Rd", "South 1st St", "Manor Rd", "Oltorf St", "Riverside Dr"];

export async function seedStaffData(url, { customers = 2000, visits = 50_000 } = {}) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql`insert into customers (full_name, email, phone, address, city, state, zip_code)
    select f.name || ' ' || l.name || case when g > ${FIRST.length * LAST.length} then ' ' || g else '' end,
      'customer' || g || '@example.com',
      '(512) 555-' || lpad((g % 10000)::text, 4, '0'),
      (100 + g) || ' ' || (${STREETS}::text[])[1 + g % ${STREETS.length}], 'Austin', 'TX', (78701 + g % 50)::text
    from generate_series(1, ${customers}) g
    cross join lateral (select (${FIRST}::text[])[1 + g % ${FIRST.length}] as name) f
    cross join lateral (select (${LAST}::text[])[1 + (g / ${FIRST.length}) % ${LAST.length}] as name) l`;
  const [{ first }] = await sql`select min(id)::int as first from customers where email like 'customer%@example.com'`;
  await sql`insert into schedules (customer_id, service_id, date, start_time, end_time, status, total_price, address, city, state, zip_code)
    select ${first} + (g % ${customers}), s.id, t, t, t + interval '60 minutes',
      case when t < now() then 'completed' else 'pending' end, 3500, g || ' Bench St', 'Austin', 'TX', '78701'
    from generate_series(1, ${visits}) g
    cross join (select min(id) as id from services) s
    cross join lateral (select (current_date - 3650 + (g * 4015 / ${visits}))::timestamp at time zone 'America/Chicago'
      + make_interval(hours => 9 + g % 9) as t) times`;
  // The staff screens read visits, one row each; a one-time plan and its visit share their id.
  await sql`insert into visits (id, schedule_id, customer_id, service_id, occurrence_date, start_time, end_time, status, total_price, address, city, state, zip_code, origin)
    select id, id, customer_id, service_id, (start_time at time zone 'America/Chicago')::date, start_time, end_time, status, total_price, address, city, state, zip_code, 'staff'
    from schedules where address like '% Bench St'`;
  await sql`insert into messages (customer_id, content, sender_type, read, timestamp)
    select ${first} + (g % ${customers}), 'Could you come a day earlier next week?', case when g % 3 = 0 then 'user' else 'customer' end, g % 5 <> 0,
      now() - make_interval(mins => g * 37)
    from generate_series(1, 4000) g`;
  const [{ count }] = await sql`select count(*)::int as count from visits`;
  await sql.end();
  return { customers, visits: count };
}
