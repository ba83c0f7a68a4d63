// `node bench/booking-cpu.mjs [bookings]`: where a booking's CPU goes, the app's and PostgreSQL's,
// and the ceiling that puts on bookings a second on this host. Books across 30 days at 50 connections
// (as bench:writes does), reading the CPU time of the server process and of every process of the
// PostgreSQL cluster (its postmaster, the children it reaped and those alive) before and after. Run it
// on a cluster of its own (BENCH_DATABASE_URL), or other work's queries are counted as the bench's.
import os from "node:os";
import autocannon from "autocannon";
import postgres from "postgres";
import { bookingBody as bookingAt, buildIfNeeded, clusterCpu, cpuOf, freshDatabase, fromClient, startServer } from "./lib.mjs";
import { seedVisits } from "./visits-data.mjs";

const COUNT = Number(process.argv[2] ?? 2000);
const PORT = Number(process.env.BENCH_APP_PORT ?? 3300);
const DAYS = 30;
const bookingBody = (index) => bookingAt(index, { days: DAYS, emailPrefix: "cpu-booker" });
buildIfNeeded();
const url = await freshDatabase(`greenscape_bench_booking_cpu_${PORT}`);
const server = await startServer({ port: PORT, env: { DATABASE_URL: url, SEED_DEMO_DATA: "false" } });
const sql = postgres(url, { max: 1, onnotice: () => {} });
try {
  await seedVisits(url);
  await sql`update crews set active = (position <= 40)`;
  await sql`vacuum analyze`;
  const [{ pid }] = await sql`select pg_backend_pid() as pid`;
  const postmaster = cpuOf(pid).parent;
  // Warm the pool and the code paths on other days than the measured ones.
  for (let index = 0; index < 20; index++) {
    await fetch(`http://127.0.0.1:${PORT}/api/bookings`, {
      method: "POST",
      headers: { "content-type": "application/json", ...fromClient(90_000 + index) },
      body: bookingAt(90_000 + index, { days: 20, firstDay: 200, emailPrefix: "cpu-warm" }),
    });
  }
  const before = { app: cpuOf(server.child.pid), database: clusterCpu(postmaster), wall: performance.now() };
  let index = 0;
  const result = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: `http://127.0.0.1:${PORT}/api/bookings`,
        connections: 50,
        amount: COUNT,
        method: "POST",
        headers: { "content-type": "application/json" },
        requests: [
          {
            setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...fromClient(index) }, body: bookingBody(index++) }),
          },
        ],
      },
      (error, value) => (error ? reject(error) : resolve(value)),
    ),
  );
  // The announcements and their emails run on the queue after the commits: they are the booking's cost
  // too, and how long they trail the last booking is how late a rush's confirmation emails are.
  const loadEnded = performance.now();
  const rushEnd = { app: cpuOf(server.child.pid), database: clusterCpu(postmaster) };
  let left = 0;
  for (let waited = 0; waited < 180; waited++) {
    [{ left }] = await sql`select count(*)::int as left from pgboss.job
      where name in ('announce-booking', 'send-email') and state in ('created', 'retry', 'active')`;
    if (left === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const trailing = left === 0 ? `${((performance.now() - loadEnded) / 1000).toFixed(1)} s` : `more than 180 s (${left} jobs left)`;
  const after = { app: cpuOf(server.child.pid), database: clusterCpu(postmaster), wall: performance.now() };
  const booked = result["2xx"];
  const appMs = (after.app.own - before.app.own) / booked;
  const perBooking = (to, from) => ((to - from) / booked).toFixed(2);
  const databaseMs = (after.database - before.database) / booked;
  const cores = os.cpus().length;
  console.log(
    `${booked} bookings across ${DAYS} days at 50 connections: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms`,
  );
  console.log(`The announcements and emails finished ${trailing} after the last booking`);
  console.log(
    `CPU per booking during the rush: app ${perBooking(rushEnd.app.own, before.app.own)} ms ` +
      `(user ${perBooking(rushEnd.app.user, before.app.user)}, system ${perBooking(rushEnd.app.system, before.app.system)}), ` +
      `PostgreSQL ${perBooking(rushEnd.database, before.database)} ms`,
  );
  console.log(`CPU per booking (its announcement included): app ${appMs.toFixed(2)} ms, PostgreSQL ${databaseMs.toFixed(2)} ms`);
  console.log(
    `Ceiling on ${cores} cores with nothing else running: ${Math.round((cores * 1000) / (appMs + databaseMs))} bookings/s ` +
      `(PostgreSQL alone: ${Math.round((cores * 1000) / databaseMs)}/s); load ${os.loadavg()[0].toFixed(1)}`,
  );
} finally {
  await sql.end({ timeout: 5 });
  await server.stop();
}
