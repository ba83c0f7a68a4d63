// The floor of a booking on this host (issue 42): a bare node:http server with postgres.js that does
// only what a booking must do to be durable and race-proof, in one transaction: keep the customer by
// email, write the plan, queue its confirmation, take the day's lock, count the slot against the
// crews, write the visit. No framework, no validation library, no sessions, no limits: whatever the
// app spends beyond this is its own. `bench:writes` starts it as its own process, on a database of
// its own (FLOOR_DATABASE_URL), and sends it the same rush as the app, first.
//
//   FLOOR_DATABASE_URL=postgres://… FLOOR_PORT=3302 FLOOR_CREWS=40 FLOOR_VISITS=45000 node bench/floor-server.mjs
import http from "node:http";
import postgres from "postgres";

const PORT = Number(process.env.FLOOR_PORT ?? 3302);
const CREWS = Number(process.env.FLOOR_CREWS ?? 40);
/** Visit rows already there, spread over the year before and after today, as the app's bench business has. */
const VISITS = Number(process.env.FLOOR_VISITS ?? 45_000);
/** The app's pool size and the visit length of service 1 (60 minutes, $45.00), as the app books it. */
const POOL = Number(process.env.FLOOR_POOL_SIZE ?? 10);
const DURATION_MINUTES = 60;
const PRICE = 4500;
/** The same advisory-lock namespace idea as the app's: one lock per Austin day. */
const DAY_LOCK = 4701;

const sql = postgres(process.env.FLOOR_DATABASE_URL, { max: POOL, onnotice: () => {} });

async function createSchema() {
  await sql.unsafe(`
    create table if not exists crews (id serial primary key, active boolean not null default true);
    create table if not exists customers (
      id serial primary key, email text not null, full_name text not null, phone text,
      address text, city text, state text, zip_code text, created_at timestamptz not null default now());
    create unique index if not exists customers_email_unique on customers (lower(email));
    create table if not exists schedules (
      id serial primary key, customer_id integer not null references customers (id), service_id integer not null,
      start_time timestamptz not null, end_time timestamptz not null, status text not null default 'pending',
      total_price integer not null, booking_reference text not null unique, address text, city text, state text,
      zip_code text, created_at timestamptz not null default now());
    create table if not exists visits (
      id serial primary key, schedule_id integer not null references schedules (id), customer_id integer not null,
      start_time timestamptz not null, end_time timestamptz not null, status text not null default 'pending');
    create index if not exists visits_start_time_idx on visits (start_time);
    create table if not exists jobs (id bigserial primary key, name text not null, payload jsonb not null, run_at timestamptz not null default now());
  `);
  const [{ count }] = await sql`select count(*)::int as count from crews`;
  if (count === 0) {
    await sql`insert into crews (active) select true from generate_series(1, ${CREWS})`;
    // History and bookings to come, so the overlap count reads an index among rows, as the app's does.
    await sql`insert into customers (email, full_name) values ('history@example.com', 'History')`;
    await sql`insert into schedules (customer_id, service_id, start_time, end_time, status, total_price, booking_reference)
      select 1, 1, t, t + interval '1 hour', 'completed', ${PRICE}, 'H' || n
      from (select n, now() - interval '365 days' + (n * interval '730 days' / ${VISITS}) as t from generate_series(1, ${VISITS}) n) s`;
    await sql`insert into visits (schedule_id, customer_id, start_time, end_time, status)
      select id, customer_id, start_time, end_time, case when start_time < now() then 'completed' else 'pending' end from schedules`;
    await sql`analyze`;
  }
}

function reference() {
  return `GS-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
}

class SlotTaken extends Error {}

async function book(body) {
  const request = JSON.parse(body);
  if (typeof request.email !== "string" || typeof request.date !== "string" || typeof request.timeSlot !== "string") {
    throw new RangeError("email, date and timeSlot are required");
  }
  const day = Number(request.date.replaceAll("-", ""));
  return sql.begin(async (tx) => {
    const [created] = await tx`insert into customers (email, full_name, phone, address, city, state, zip_code)
      values (${request.email}, ${request.fullName}, ${request.phone}, ${request.address}, ${request.city}, ${request.state}, ${request.zipCode})
      on conflict (lower(email)) do nothing returning id`;
    const customerId = created?.id ?? (await tx`select id from customers where lower(email) = lower(${request.email})`)[0].id;
    const [plan] =
      await tx`insert into schedules (customer_id, service_id, start_time, end_time, total_price, booking_reference, address, city, state, zip_code)
      values (${customerId}, ${request.serviceId}, (${request.date}::date + ${request.timeSlot}::time) at time zone 'America/Chicago',
        (${request.date}::date + ${request.timeSlot}::time) at time zone 'America/Chicago' + ${`${DURATION_MINUTES} minutes`}::interval,
        ${PRICE}, ${reference()}, ${request.address}, ${request.city}, ${request.state}, ${request.zipCode})
      returning id, start_time, end_time, booking_reference`;
    await tx`insert into jobs (name, payload) values ('booking.created', ${tx.json({ scheduleId: plan.id, customerId })})`;
    await tx`select pg_advisory_xact_lock(${DAY_LOCK}::int, ${day}::int)`;
    const [{ busy, capacity }] = await tx`select
      (select count(*)::int from visits where start_time >= ${plan.start_time}::timestamptz - interval '1 day'
        and start_time < ${plan.end_time} and end_time > ${plan.start_time} and status in ('pending', 'confirmed')) as busy,
      (select count(*)::int from crews where active) as capacity`;
    if (busy >= capacity) throw new SlotTaken();
    await tx`insert into visits (schedule_id, customer_id, start_time, end_time) values (${plan.id}, ${customerId}, ${plan.start_time}, ${plan.end_time})`;
    return { bookingReference: plan.booking_reference, scheduleId: plan.id, status: "pending" };
  });
}

function answer(response, status, body) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

await createSchema();
const server = http.createServer((request, response) => {
  if (request.method !== "POST" || request.url !== "/api/bookings") return answer(response, 404, { error: "Not found" });
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    book(Buffer.concat(chunks).toString("utf8")).then(
      (booking) => answer(response, 201, booking),
      (error) =>
        error instanceof SlotTaken
          ? answer(response, 409, { error: "That time slot is no longer available" })
          : error instanceof SyntaxError || error instanceof RangeError
            ? answer(response, 400, { error: error.message })
            : (console.error(error), answer(response, 503, { error: "Please try again" })),
    );
  });
});
server.listen(PORT, "127.0.0.1", () => console.log(`floor listening on ${PORT}`));
process.on("SIGTERM", () => server.close(() => sql.end({ timeout: 5 }).then(() => process.exit(0))));
