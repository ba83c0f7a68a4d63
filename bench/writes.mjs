// `npm run bench:writes`: the write path's figures, each next to a raw node:http server's answering the same
// bytes in the same run: availability misses (200 dates never asked, one connection), the staff
// dashboard's counts (one connection), and bookings at 50 connections across 30 days and on one day
// with 40 crews, counting double bookings afterwards. BENCH_SCALE=4 seeds four times the business.
// BENCH_BASE_DIR=<another checkout, built> measures that build first, then this one, in one run
// (side by side, same machine minutes, same data); BENCH_RUNS (1) repeats each pair, for medians.
import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";
import {
  austinDate,
  bookingBody,
  ADMIN_URL,
  buildIfNeeded,
  freshDatabase,
  fromClient,
  machine,
  percentile,
  staffCookie,
  startServer,
} from "./lib.mjs";
import { writeSection } from "./results-file.mjs";
import { SCALE, seedVisits } from "./visits-data.mjs";

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3300);
const RAW_PORT = Number(process.env.BENCH_RAW_PORT ?? APP_PORT + 1);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const CREWS = 40;
const DAYS = 30;
const BASE_DIR = process.env.BENCH_BASE_DIR ? path.resolve(process.env.BENCH_BASE_DIR) : null;
/** BENCH_DB_SOCKET=/var/run/postgresql also measures this build over PostgreSQL's Unix socket. */
const SOCKET_DIR = process.env.BENCH_DB_SOCKET ?? null;
const DATABASE = process.env.BENCH_DATABASE_NAME ?? `greenscape_bench_writes_${APP_PORT}`;
const CLOCK_TICKS = Number(execSync("getconf CLK_TCK").toString().trim()) || 100;
/** CPU time (user + system) a process has used so far, in ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(", ");

async function sequential(url, count, headers = {}) {
  const timings = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const response = await fetch(url(index), { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url(index)} answered ${response.status}`);
    timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b);
}

function cannon(options) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: 50, duration: DURATION, ...options }, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

function bookings(port, days, firstDay) {
  let index = 0;
  return cannon({
    url: `http://127.0.0.1:${port}/api/bookings`,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, ...fromClient(index) },
          body: bookingBody(index++, { days, firstDay, emailPrefix: `writes${firstDay}_` }),
        }),
      },
    ],
  });
}

/** Instants where more crew-holding visits overlap than there are crews, over the days booked. */
async function doubleBookings(sql, fromDay, toDay) {
  const [{ overbooked }] = await sql`
    select count(*)::int as overbooked from (
      select v.id from visits v
      join visits w on w.start_time <= v.start_time and w.end_time > v.start_time and w.status in ('pending', 'confirmed')
      where v.status in ('pending', 'confirmed')
        and v.start_time >= (${austinDate(fromDay)}::date)::timestamp at time zone 'America/Chicago'
        and v.start_time < (${austinDate(toDay + 1)}::date)::timestamp at time zone 'America/Chicago'
      group by v.id
      having count(w.id) > (select count(*) from crews where active)) over`;
  return overbooked;
}

/** One build's figures: `dir` is its checkout (its scripts/server.mjs and .next), on a fresh database. */
async function measure(label, dir, raw, socketDir = null) {
  const url = await freshDatabase(DATABASE);
  const appUrl = socketDir ? `${url}${url.includes("?") ? "&" : "?"}host=${socketDir}` : url;
  const server = await startServer({ port: APP_PORT, cwd: dir, env: { DATABASE_URL: appUrl, SEED_DEMO_DATA: "false" } });
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const visits = await seedVisits(url);
    await sql`update crews set active = (position <= ${CREWS})`;
    const cookie = await staffCookie(APP_PORT);
    const app = `http://127.0.0.1:${APP_PORT}`;
    // Warm up on questions not measured.
    await sequential((index) => `${app}/api/availability?date=${austinDate(330 + index)}&serviceId=1`, 30);
    await sequential(() => `${app}/api/dashboard-stats`, 30, { cookie });
    raw.bodies.set(
      "/availability",
      Buffer.from(await (await fetch(`${app}/api/availability?date=${austinDate(3)}&serviceId=1`)).arrayBuffer()),
    );
    raw.bodies.set("/dashboard", Buffer.from(await (await fetch(`${app}/api/dashboard-stats`, { headers: { cookie } })).arrayBuffer()));

    const row = { label, visits, load: { start: load() } };
    row.availability = await sequential((index) => `${app}/api/availability?date=${austinDate(2 + index)}&serviceId=1`, 200);
    row.rawAvailability = await sequential(() => `http://127.0.0.1:${RAW_PORT}/availability`, 200);
    row.dashboard = await sequential(() => `${app}/api/dashboard-stats`, 300, { cookie });
    row.rawDashboard = await sequential(() => `http://127.0.0.1:${RAW_PORT}/dashboard`, 300);
    row.load.reads = load();

    const cpuBefore = cpuMs(server.child.pid);
    const spread = await bookings(APP_PORT, DAYS, 40);
    const cpuPerBooking = (cpuMs(server.child.pid) - cpuBefore) / Math.max(1, spread["2xx"]);
    row.load.spread = load();
    const rawPost = await bookings(RAW_PORT, DAYS, 40);
    const oneDay = await bookings(APP_PORT, 1, 80);
    row.load.oneDay = load();
    const [{ spreadStored }] = await sql`select count(*)::int as "spreadStored" from customers where email like ${"writes40\\_%"}`;
    const [{ oneDayStored }] = await sql`select count(*)::int as "oneDayStored" from visits v join schedules s on s.id = v.schedule_id
      join customers c on c.id = s.customer_id where c.email like ${"writes80\\_%"}`;
    row.spread = {
      rps: spread.requests.average,
      p50: spread.latency.p50,
      p99: spread.latency.p99,
      ok: spread["2xx"],
      refused: spread.non2xx,
      errors: spread.errors,
      customers: spreadStored,
      cpuPerBooking,
    };
    row.rawPost = { rps: rawPost.requests.average, p50: rawPost.latency.p50, p99: rawPost.latency.p99 };
    row.oneDay = {
      rps: oneDay.requests.average,
      p50: oneDay.latency.p50,
      p99: oneDay.latency.p99,
      ok: oneDay["2xx"],
      refused: oneDay.non2xx,
      errors: oneDay.errors,
      visits: oneDayStored,
    };
    row.doubleBookings = await doubleBookings(sql, 40, 80);
    console.log(
      label,
      JSON.stringify({ ...row, availability: undefined, rawAvailability: undefined, dashboard: undefined, rawDashboard: undefined }),
    );
    return row;
  } finally {
    await sql.end({ timeout: 5 });
    await server.stop();
  }
}

async function main() {
  buildIfNeeded();
  const raw = { bodies: new Map() };
  const bookingAnswer = Buffer.from(JSON.stringify({ bookingReference: "GS-RAW000", scheduleId: 1, status: "pending" }));
  const rawServer = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const body = request.method === "POST" ? bookingAnswer : raw.bodies.get(request.url);
      response.writeHead(request.method === "POST" ? 201 : 200, { "content-type": "application/json" });
      response.end(body ?? "{}");
    });
  });
  await new Promise((resolve) => rawServer.listen(RAW_PORT, "127.0.0.1", resolve));
  const loadBefore = load();
  const rows = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      if (BASE_DIR) rows.push(await measure("base", BASE_DIR, raw));
      rows.push(await measure("this", process.cwd(), raw));
      if (SOCKET_DIR) rows.push(await measure("this, Unix socket", process.cwd(), raw, SOCKET_DIR));
    }
  } finally {
    rawServer.close();
  }
  const ms = (value) => `${value.toFixed(1)} ms`;
  const seq = (timings) => `${ms(percentile(timings, 50))} / ${ms(percentile(timings, 95))}`;
  const lines = rows.map(
    (row) =>
      `| ${row.label} | ${seq(row.availability)} | ${seq(row.rawAvailability)} | ${seq(row.dashboard)} | ${seq(row.rawDashboard)} | ${Math.round(row.spread.rps)} (${row.spread.ok} × 2xx, ${row.spread.refused} other), p50 ${row.spread.p50} / p99 ${row.spread.p99} ms, app CPU ${row.spread.cpuPerBooking.toFixed(1)} ms a booking | ${Math.round(row.rawPost.rps)}, p99 ${row.rawPost.p99} ms | ${Math.round(row.oneDay.rps)} (${row.oneDay.ok} × 201, ${row.oneDay.refused} × 409/other), p50 ${row.oneDay.p50} / p99 ${row.oneDay.p99} ms | ${row.doubleBookings} | ${row.load.start} → ${row.load.oneDay} |`,
  );
  const markdown = `### Writes and first reads (\`npm run bench:writes\`), ${new Date().toISOString().slice(0, 10)}

Machine: ${machine()}; load average at the start ${loadBefore}. Production builds on PostgreSQL (${new URL(ADMIN_URL).host}), ${rows[0]?.visits.toLocaleString("en-US")} visit rows
(scale ${SCALE}), ${CREWS} crews; each build on a fresh copy of the same data, measured back to back in this run${BASE_DIR ? " (base: the checkout in BENCH_BASE_DIR)" : ""}.
Sequential columns are p50 / p95 over one connection (availability: 200 dates never asked; dashboard: 300 \`GET /api/dashboard-stats\`).
Bookings: 50 connections for ${DURATION} s, across ${DAYS} days, then on one day (app CPU: the server process's user + system time during the run, background jobs included, per booking stored); the raw server answers the same POSTs with fixed bytes. Double bookings: visits
at whose start more crew-holding visits overlap than there are crews, over every day booked.

| build | availability miss | raw, same bytes | dashboard | raw, same bytes | bookings across ${DAYS} days, req/s | raw POST req/s | bookings on one day, req/s | double bookings | load average (1 min) |
|---|---|---|---|---|---|---|---|---|---|
${lines.join("\n")}`;
  writeSection(SCALE === 1 ? "writes" : `writes-scale${SCALE}`, markdown, rows);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
