// `npm run bench:writes`: the write path's figures, each next to a raw node:http server's answering the same
// bytes in the same run: availability misses (200 dates never asked, one connection), the staff
// dashboard's counts (one connection), and bookings at 50 connections across 30 days and on one day
// with 80 crews, counting double bookings afterwards. BENCH_SCALE=4 seeds four times the business.
// BENCH_BASE_DIR=<another checkout, built> measures that build first, then this one, in one run
// (side by side, same machine minutes, same data); BENCH_RUNS (1) repeats each pair, for medians.
// The 30-day booking rush is taken in turns by the floor (bench/floor-server.mjs, the least a booking
// can cost on this host, on its own database) and the app, the floor first each time, and the app is
// judged as the median of its turns' shares of the floor (BENCH_TURNS, BENCH_TURN_SECONDS).
import { execSync, spawn } from "node:child_process";
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
  clusterCpu,
  cpuOf,
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
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? APP_PORT + 2);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/**
 * The 30-day rush is taken in turns, the floor first, then the app, TURNS times, TURN_SECONDS each: on
 * a shared host the speed drifts within seconds (the floor made 458 to 774 bookings a second in turns
 * a few seconds apart), and a share judged from two rushes a minute apart measured the drift as much
 * as the app. Each turn's share compares the two servers at nearly the same moment; their
 * median is the figure. 6 × 3 s books at most 18,000 of the 21,600 places even at 1,000 a second.
 */
const TURNS = Number(process.env.BENCH_TURNS ?? 6);
const TURN_SECONDS = Number(process.env.BENCH_TURN_SECONDS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
/**
 * Enough crews that neither server fills the 30 days within its rush: with 40 the floor filled them on
 * a fast host (about 9,300 free places in 10 s), and its bookings a second were then the days' places,
 * not its speed, which flattered the app's share.
 */
const CREWS = 80;
const DAYS = 30;
const BASE_DIR = process.env.BENCH_BASE_DIR ? path.resolve(process.env.BENCH_BASE_DIR) : null;
/** BENCH_DB_SOCKET=/var/run/postgresql also measures this build over PostgreSQL's Unix socket. */
const SOCKET_DIR = process.env.BENCH_DB_SOCKET ?? null;
const DATABASE = process.env.BENCH_DATABASE_NAME ?? `greenscape_bench_writes_${APP_PORT}`;
const CLOCK_TICKS = Number(execSync("getconf CLK_TCK").toString().trim()) || 100;
/** The whole machine's busy and total CPU so far, in ms, from /proc/stat (idle and I/O wait are not busy). */
function machineCpu() {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: ((total - fields[3] - fields[4]) * 1000) / CLOCK_TICKS, total: (total * 1000) / CLOCK_TICKS };
}

/**
 * Where a rush's CPU went, per booking stored: the server, PostgreSQL (the whole cluster: every backend,
 * the WAL writer), this process (the load generator, which does the same work for the floor and the app,
 * so its figure shows how fast the host ran), and how much of the two cores stayed idle.
 */
async function accountedRush(serverPid, postmaster, rush) {
  const cpu = () => ({
    server: cpuOf(serverPid).own,
    database: clusterCpu(postmaster),
    generator: process.cpuUsage(),
    machine: machineCpu(),
  });
  const before = cpu();
  const result = await rush();
  const after = cpu();
  const booked = Math.max(1, result["2xx"]);
  const generator = (usage) => (usage.user + usage.system) / 1000;
  return {
    result,
    cpu: {
      server: (after.server - before.server) / booked,
      database: (after.database - before.database) / booked,
      generator: (generator(after.generator) - generator(before.generator)) / booked,
      idleShare: 1 - (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total),
    },
  };
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

/** autocannon's run, with every answer's latency sorted (its own summary has no p95). */
function cannon(options) {
  const seconds = options.duration ?? DURATION;
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon({ connections: 50, duration: DURATION, ...options }, (error, result) =>
      error ? reject(error) : resolve({ ...result, seconds, latencies: latencies.sort((a, b) => a - b) }),
    );
    instance.on("response", (_client, _status, _bytes, milliseconds) => latencies.push(milliseconds));
  });
}

/** A rush's figures: requests a second, latency percentiles over every answer, and what came back. */
function rushFigures(result) {
  return {
    rps: result.requests.average,
    // Bookings made a second: a refused answer (409 once the days fill up) is cheaper than a booking.
    bookedPerSecond: result["2xx"] / result.seconds,
    p50: percentile(result.latencies, 50),
    p95: percentile(result.latencies, 95),
    p99: percentile(result.latencies, 99),
    ok: result["2xx"],
    refused: result.non2xx,
    errors: result.errors,
  };
}

/** Several turns' figures as one rush: bookings a second over their whole time, percentiles over every answer, CPU a booking. */
function combinedTurns(turns) {
  const results = turns.map((turn) => turn.result);
  const sum = (pick) => results.reduce((total, result) => total + pick(result), 0);
  const ok = sum((result) => result["2xx"]);
  const seconds = sum((result) => result.seconds);
  const perBooking = (key) => turns.reduce((total, turn) => total + turn.cpu[key] * Math.max(1, turn.result["2xx"]), 0) / Math.max(1, ok);
  const idle = turns.reduce((total, turn) => total + turn.cpu.idleShare * turn.result.seconds, 0) / seconds;
  const whole = {
    "2xx": ok,
    seconds,
    requests: { average: sum((result) => result.requests.total) / seconds },
    latencies: results.flatMap((result) => result.latencies).sort((a, b) => a - b),
    non2xx: sum((result) => result.non2xx),
    errors: sum((result) => result.errors),
  };
  return {
    ...rushFigures(whole),
    cpu: { server: perBooking("server"), database: perBooking("database"), generator: perBooking("generator"), idleShare: idle },
  };
}

/** Waits until the app's job queue has nothing due left (its confirmations sent), for two minutes at most. */
async function jobsDone(sql) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const [{ waiting }] = await sql`select count(*)::int as waiting from pgboss.job
      where state in ('created', 'retry', 'active') and start_after <= now()`;
    if (waiting === 0) return;
    if (Date.now() > deadline) throw new Error(`${waiting} jobs still waiting after two minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The floor server as a process of its own (as the app is), on its own database with as many visits. */
async function startFloor(visits) {
  const url = await freshDatabase(`${DATABASE}_floor`);
  const child = spawn(process.execPath, ["bench/floor-server.mjs"], {
    env: {
      ...process.env,
      FLOOR_DATABASE_URL: url,
      FLOOR_PORT: String(FLOOR_PORT),
      FLOOR_CREWS: String(CREWS),
      FLOOR_VISITS: String(visits),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answered = await fetch(`http://127.0.0.1:${FLOOR_PORT}/`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) throw new Error("the floor server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return {
    url,
    pid: child.pid,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * A rush across `days` days from `firstDay`. Its bookings are numbered by `counter`, which a server's
 * turns share, so that every turn books new slots from new addresses and emails.
 */
function bookings(port, days, firstDay, { counter = { next: 0 }, duration = DURATION } = {}) {
  return cannon({
    duration,
    url: `http://127.0.0.1:${port}/api/bookings`,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, ...fromClient(counter.next) },
          body: bookingBody(counter.next++, { days, firstDay, emailPrefix: `writes${firstDay}_` }),
        }),
      },
    ],
  });
}

/** Instants where more crew-holding visits overlap than there are crews, over the days booked. */
async function doubleBookings(sql, fromDay, toDay, crews = null) {
  const [{ overbooked }] = await sql`
    select count(*)::int as overbooked from (
      select v.id from visits v
      join visits w on w.start_time <= v.start_time and w.end_time > v.start_time and w.status in ('pending', 'confirmed')
      where v.status in ('pending', 'confirmed')
        and v.start_time >= (${austinDate(fromDay)}::date)::timestamp at time zone 'America/Chicago'
        and v.start_time < (${austinDate(toDay + 1)}::date)::timestamp at time zone 'America/Chicago'
      group by v.id
      having count(w.id) > ${crews ?? sql`(select count(*) from crews where active)`}) over`;
  return overbooked;
}

/** One build's figures: `dir` is its checkout (its scripts/server.mjs and .next), on a fresh database. */
async function measure(label, dir, raw, socketDir = null) {
  const url = await freshDatabase(DATABASE);
  const appUrl = socketDir ? `${url}${url.includes("?") ? "&" : "?"}host=${socketDir}` : url;
  // Addresses are placed at their ZIP's centre: this host cannot reach the Census Geocoder, and each
  // lookup would wait for its timeout, which kept the locating jobs of the seeded business's 2,000
  // addresses running for minutes, beside the floor's turns as much as the app's.
  const server = await startServer({ port: APP_PORT, cwd: dir, env: { DATABASE_URL: appUrl, SEED_DEMO_DATA: "false", GEOCODER: "zip" } });
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const visits = await seedVisits(url);
    const [{ pid }] = await sql`select pg_backend_pid() as pid`;
    const postmaster = cpuOf(pid).parent;
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

    // The floor and the app take the 30-day rush in turns, the floor first (see TURNS). Before each of
    // the floor's turns the app's job queue is left to empty, so nothing the app left to do after its
    // own turn (its confirmation emails) runs beside the floor's, and each of the app's turns starts as
    // a whole rush does, with nothing waiting. Both are warmed first on days not measured.
    const floor = await startFloor(visits);
    const turns = [];
    let floorOneDay;
    try {
      // Numbered far from the turns' bookings, so no address or email is limited for having booked here.
      for (const port of [FLOOR_PORT, APP_PORT]) await bookings(port, DAYS, 200, { counter: { next: 1_000_000 }, duration: 2 });
      const counters = { floor: { next: 0 }, app: { next: 0 } };
      for (let turn = 0; turn < TURNS; turn++) {
        await jobsDone(sql);
        const floorTurn = await accountedRush(floor.pid, postmaster, () =>
          bookings(FLOOR_PORT, DAYS, 40, { counter: counters.floor, duration: TURN_SECONDS }),
        );
        const afterFloor = load();
        const appTurn = await accountedRush(server.child.pid, postmaster, () =>
          bookings(APP_PORT, DAYS, 40, { counter: counters.app, duration: TURN_SECONDS }),
        );
        turns.push({ floor: floorTurn, app: appTurn, load: `${afterFloor} → ${load()}` });
      }
      row.load.spread = load();
      await jobsDone(sql);
      floorOneDay = await bookings(FLOOR_PORT, 1, 80);
      const floorSql = postgres(floor.url, { max: 1, onnotice: () => {} });
      row.floorDoubleBookings = await doubleBookings(floorSql, 40, 80, CREWS);
      await floorSql.end({ timeout: 5 });
    } finally {
      await floor.stop();
    }
    row.floorSpread = combinedTurns(turns.map((turn) => turn.floor));
    row.floorOneDay = rushFigures(floorOneDay);
    const spread = combinedTurns(turns.map((turn) => turn.app));
    row.turns = turns.map((turn) => {
      const floorRate = rushFigures(turn.floor.result).bookedPerSecond;
      const appRate = rushFigures(turn.app.result).bookedPerSecond;
      return { share: appRate / floorRate, floor: Math.round(floorRate), app: Math.round(appRate), load: turn.load };
    });
    const rawPost = await bookings(RAW_PORT, DAYS, 40);
    const oneDay = await bookings(APP_PORT, 1, 80);
    row.load.oneDay = load();
    const [{ spreadStored }] = await sql`select count(*)::int as "spreadStored" from customers where email like ${"writes40\\_%"}`;
    const [{ oneDayStored }] = await sql`select count(*)::int as "oneDayStored" from visits v join schedules s on s.id = v.schedule_id
      join customers c on c.id = s.customer_id where c.email like ${"writes80\\_%"}`;
    row.spread = { ...spread, customers: spreadStored };
    row.rawPost = rushFigures(rawPost);
    row.oneDay = { ...rushFigures(oneDay), visits: oneDayStored };
    row.doubleBookings = await doubleBookings(sql, 40, 80);
    console.log(
      label,
      JSON.stringify(row, (key, value) =>
        ["availability", "rawAvailability", "dashboard", "rawDashboard"].includes(key) ? undefined : value,
      ),
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
  // The client ends an idle connection first (undici after 4 s): a server that closed it at 5 s, its
  // default, could close one just as the client sent on it again (a read ECONNRESET ended a run).
  rawServer.keepAliveTimeout = 60_000;
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
  const share = (app, floor) => `${((100 * app) / floor).toFixed(1)}%`;
  const rush = (figures) =>
    `${Math.round(figures.bookedPerSecond)} booked/s (${Math.round(figures.rps)} answers/s: ${figures.ok} × 2xx, ${figures.refused} other), p50 ${ms(figures.p50)} / p95 ${ms(figures.p95)}`;
  const readLines = rows.map(
    (row) =>
      `| ${row.label} | ${seq(row.availability)} | ${seq(row.rawAvailability)} | ${seq(row.dashboard)} | ${seq(row.rawDashboard)} | ${row.load.start} → ${row.load.reads} |`,
  );
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const percent = (ratio) => `${(100 * ratio).toFixed(1)}%`;
  const bookingLines = rows.map(
    (row) =>
      `| ${row.label} | ${rush(row.floorSpread)}, CPU ${row.floorSpread.cpu.server.toFixed(1)} ms a booking | ${rush(row.spread)}, CPU ${row.spread.cpu.server.toFixed(1)} ms a booking | **${percent(median(row.turns.map((turn) => turn.share)))}** (${row.turns.map((turn) => percent(turn.share)).join(", ")}) | ${(row.spread.p95 / row.floorSpread.p95).toFixed(1)}× | ${Math.round(row.rawPost.rps)}, p95 ${ms(row.rawPost.p95)} | ${rush(row.floorOneDay)} | ${rush(row.oneDay)} | ${share(row.oneDay.bookedPerSecond, row.floorOneDay.bookedPerSecond)} | ${row.floorDoubleBookings} / ${row.doubleBookings} | ${row.turns.map((turn) => turn.load).join("; ")} → ${row.load.oneDay} |`,
  );
  const turnLines = rows.flatMap((row) =>
    row.turns.map((turn, index) => `| ${row.label} | ${index + 1} | ${turn.floor} | ${turn.app} | ${percent(turn.share)} | ${turn.load} |`),
  );
  const accounts = rows.flatMap((row) =>
    [
      ["floor", row.floorSpread],
      ["app", row.spread],
    ].map(
      ([who, figures]) =>
        `| ${row.label}, ${who} | ${Math.round(figures.bookedPerSecond)} | ${ms(figures.cpu.server)} | ${ms(figures.cpu.database)} | ${ms(figures.cpu.generator)} | ${(100 * figures.cpu.idleShare).toFixed(0)}% |`,
    ),
  );
  const markdown = `### Writes and first reads (\`npm run bench:writes\`), ${new Date().toISOString().slice(0, 10)}

Machine: ${machine()}; load average at the start ${loadBefore}. Production builds on PostgreSQL (${new URL(ADMIN_URL).host}), ${rows[0]?.visits.toLocaleString("en-US")} visit rows
(scale ${SCALE}), ${CREWS} crews; each build on a fresh copy of the same data, measured back to back in this run${BASE_DIR ? " (base: the checkout in BENCH_BASE_DIR)" : ""}.
Sequential columns are p50 / p95 over one connection (availability: 200 dates never asked; dashboard: 300 \`GET /api/dashboard-stats\`).

| build | availability miss | raw, same bytes | dashboard | raw, same bytes | load average (1 min) |
|---|---|---|---|---|---|
${readLines.join("\n")}

Bookings: 50 connections, each booking from its own address and email, across ${DAYS} days, then on one day. The floor
(\`bench/floor-server.mjs\`: node:http and postgres.js doing only what a booking must, in one transaction, on a database of its own with as
many visits) and the app take the ${DAYS}-day rush in ${TURNS} turns of ${TURN_SECONDS} s each, the floor first, both warmed on other days before;
the app's job queue is left to empty before each of the floor's turns. The share is the median of the turns' shares (each turn's app
against the floor's just before it), the turns' own in brackets; req/s, p50 / p95 and CPU are over all turns. The one-day rush is
${DURATION} s, the floor's first. CPU is the server process's user + system time during the rush (the app's background jobs included)
per booking stored. The raw server answers the same POSTs with fixed bytes.
Double bookings: visits at whose start more crew-holding visits overlap than there are crews, over every day booked (floor / app).
The share is of bookings made a second (answers 2xx): once the floor fills the days, its refusals are cheaper than bookings.
Target (issue 42): the app at least 50% of the floor's bookings a second across ${DAYS} days, p95 at most 3× the floor's, no double booking.

| build | floor, ${DAYS} days: req/s | app, ${DAYS} days: req/s | app ÷ floor | app p95 ÷ floor p95 | raw POST req/s | floor, one day | app, one day | app ÷ floor | double bookings | load average (1 min): each turn, floor → app; one day |
|---|---|---|---|---|---|---|---|---|---|---|
${bookingLines.join("\n")}

The turns of the ${DAYS}-day rush, bookings made a second:

| build | turn | floor | app | app ÷ floor | load average (1 min): floor → app |
|---|---|---|---|---|---|
${turnLines.join("\n")}

Where the CPU of the ${DAYS}-day rush went (its turns together), per booking stored: the server process, PostgreSQL (the whole cluster), and the load generator,
which does the same work for the floor and the app (a slower host shows as a dearer generator); idle is the share of the two cores left unused.

| build, server | booked/s | server CPU | PostgreSQL CPU | load generator CPU | cores idle |
|---|---|---|---|---|---|
${accounts.join("\n")}`;
  writeSection(SCALE === 1 ? "writes" : `writes-scale${SCALE}`, markdown, rows);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
