// `npm run bench:api`: REST throughput and latency of the production build on PostgreSQL with
// 50,000 visits, next to a raw node:http server answering the same bytes in the same run.
import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import autocannon from "autocannon";
import postgres from "postgres";
import { ADMIN_URL, buildIfNeeded, freshDatabase, fromClient, machine, percentile, staffCookie, startServer } from "./lib.mjs";
import { writeSection } from "./results-file.mjs";
import { SERIES, seedVisits } from "./visits-data.mjs";

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3300);
const RAW_PORT = Number(process.env.BENCH_RAW_PORT ?? APP_PORT + 1);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const CLOCK_TICKS = Number(execSync("getconf CLK_TCK").toString().trim()) || 100;

function austinDate(offsetDays) {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(date);
}

/** CPU time (user + system) the server process has used so far, in ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * Requests a client gave up on (autocannon's timeout) are still worked on by the server: before a
 * run, wait until the server answers the catalogue promptly and the database has no query of it
 * left running, so one run's backlog is not charged to the next (at most 60 s).
 */
async function waitUntilIdle(port, sql) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await (await fetch(`http://127.0.0.1:${port}/api/services`)).arrayBuffer();
    const prompt = performance.now() - started < 20;
    const [{ busy }] = await sql`select count(*)::int as busy from pg_stat_activity
      where datname = current_database() and state = 'active' and pid <> pg_backend_pid() and query not ilike 'listen%'`;
    if (prompt && busy === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function sequentialLatencies(makeRequest, count) {
  const timings = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const response = await makeRequest(index);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`request ${index} answered ${response.status}`);
    timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b);
}

function bookingBody(index) {
  const slot = 9 + (index % 9);
  return JSON.stringify({
    serviceId: 1,
    address: "1100 Congress Ave",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    date: austinDate(2 + (index % 300)),
    timeSlot: `${String(slot).padStart(2, "0")}:00`,
    isRecurring: false,
    fullName: "Bench Booker",
    email: `booker${index}@example.com`,
    phone: "5125550111",
  });
}

async function main() {
  const loadBefore = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
  buildIfNeeded();
  const url = await freshDatabase(process.env.BENCH_DATABASE_NAME ?? `greenscape_bench_api_${APP_PORT}`);
  const server = await startServer({ port: APP_PORT, env: { DATABASE_URL: url, SEED_DEMO_DATA: "false" } });
  const activity = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const visits = await seedVisits(url);
    const cookie = await staffCookie(APP_PORT);
    const month = { start: `${austinDate(0).slice(0, 8)}01`, end: `${austinDate(0).slice(0, 8)}31` };
    // The month schedule last: under overload its backlog outlives its run (see waitUntilIdle).
    const endpoints = [
      { name: "GET /api/services", path: "/api/services" },
      { name: "GET /api/availability", path: `/api/availability?date=${austinDate(3)}&serviceId=1` },
      { name: "GET /api/auth/status (staff cookie)", path: "/api/auth/status", headers: { cookie } },
      { name: "GET /api/schedules (month)", path: `/api/schedules?startDate=${month.start}&endDate=${month.end}`, headers: { cookie } },
    ];

    // The raw server answers each path with the exact bytes the app gave.
    const bodies = new Map();
    for (const endpoint of endpoints) {
      const response = await fetch(`http://127.0.0.1:${APP_PORT}${endpoint.path}`, { headers: endpoint.headers });
      if (!response.ok) throw new Error(`${endpoint.name}: ${response.status} ${await response.text()}`);
      bodies.set(endpoint.path, Buffer.from(await response.arrayBuffer()));
    }
    const bookingAnswer = Buffer.from(JSON.stringify({ bookingReference: "GS-RAW000", scheduleId: 1, status: "pending" }));
    const raw = http.createServer((request, response) => {
      const chunks = [];
      request.on("data", (chunk) => chunks.push(chunk));
      request.on("end", () => {
        const body = request.method === "POST" ? bookingAnswer : bodies.get(request.url);
        response.writeHead(body ? (request.method === "POST" ? 201 : 200) : 404, { "content-type": "application/json" });
        response.end(body ?? "{}");
      });
    });
    await new Promise((resolve) => raw.listen(RAW_PORT, "127.0.0.1", resolve));

    const rows = [];
    const measure = async (name, options) => {
      await waitUntilIdle(APP_PORT, activity);
      const cpuBefore = cpuMs(server.child.pid);
      const app = await run({ url: `http://127.0.0.1:${APP_PORT}${options.path}`, ...options.request });
      const cpuPerRequest = (cpuMs(server.child.pid) - cpuBefore) / Math.max(1, app.requests.total);
      const rawResult = await run({ url: `http://127.0.0.1:${RAW_PORT}${options.path}`, ...options.request });
      const row = {
        name,
        appRps: app.requests.average,
        appP50: app.latency.p50,
        appP99: app.latency.p99,
        appErrors: app.errors + app.non2xx,
        rawRps: rawResult.requests.average,
        rawP50: rawResult.latency.p50,
        rawP99: rawResult.latency.p99,
        ratio: app.requests.average / rawResult.requests.average,
        cpuPerRequest,
        bytes: bodies.get(options.path)?.length ?? null,
      };
      rows.push(row);
      console.log(row);
    };

    for (const endpoint of endpoints) {
      await run({ url: `http://127.0.0.1:${APP_PORT}${endpoint.path}`, headers: endpoint.headers, duration: 2 });
      await measure(endpoint.name, { path: endpoint.path, request: { headers: endpoint.headers } });
    }
    let bookingIndex = 10_000;
    await measure("POST /api/bookings", {
      path: "/api/bookings",
      request: {
        method: "POST",
        headers: { "content-type": "application/json" },
        requests: [
          {
            setupRequest: (request) => {
              const index = bookingIndex++;
              return { ...request, headers: { ...request.headers, ...fromClient(index) }, body: bookingBody(index) };
            },
          },
        ],
      },
    });

    await waitUntilIdle(APP_PORT, activity);
    const monthLatencies = await sequentialLatencies(
      () => fetch(`http://127.0.0.1:${APP_PORT}/api/schedules?startDate=${month.start}&endDate=${month.end}`, { headers: { cookie } }),
      200,
    );
    // Misses: each request a month-long range not asked before (another start day), so the answer
    // cache never has it; the same cost as the first request after any write to visits.
    const monthMissLatencies = await sequentialLatencies(
      (index) =>
        fetch(`http://127.0.0.1:${APP_PORT}/api/schedules?startDate=${austinDate(index - 100)}&endDate=${austinDate(index - 70)}`, {
          headers: { cookie },
        }),
      200,
    );
    const bookingLatencies = await sequentialLatencies(
      (index) =>
        fetch(`http://127.0.0.1:${APP_PORT}/api/bookings`, {
          method: "POST",
          headers: { "content-type": "application/json", ...fromClient(100_000 + index) },
          body: bookingBody(100_000 + index),
        }),
      200,
    );
    const availabilityLatencies = await sequentialLatencies(
      (index) => fetch(`http://127.0.0.1:${APP_PORT}/api/availability?date=${austinDate(2 + (index % 300))}&serviceId=1`),
      200,
    );
    // What one request costs with nothing queued: the cached catalogue, a sign-in check, and a Next
    // page that does no work (a static one), for the share of the framework in each.
    const sequential = {};
    await waitUntilIdle(APP_PORT, activity);
    for (const [label, path, headers] of [
      ["GET /api/services", "/api/services", {}],
      ["GET /api/auth/status (staff cookie)", "/api/auth/status", { cookie }],
      ["GET /about (static Next page)", "/about", {}],
      ["raw server, same catalogue bytes", "/api/services", {}, RAW_PORT],
    ]) {
      const port = label.startsWith("raw") ? RAW_PORT : APP_PORT;
      await sequentialLatencies(() => fetch(`http://127.0.0.1:${port}${path}`, { headers }), 50);
      sequential[label] = await sequentialLatencies(() => fetch(`http://127.0.0.1:${port}${path}`, { headers }), 300);
    }
    raw.close();

    const ms = (value) => `${value.toFixed(1)} ms`;
    const table = rows
      .map(
        (row) =>
          `| ${row.name} | ${Math.round(row.appRps)} | ${ms(row.appP50)} | ${ms(row.appP99)} | ${row.appErrors} | ${ms(row.cpuPerRequest)} | ${row.bytes === null ? "" : `${(row.bytes / 1024).toFixed(1)} kB`} | ${Math.round(row.rawRps)} | ${ms(row.rawP50)} | ${ms(row.rawP99)} | ${(row.ratio * 100).toFixed(0)}% |`,
      )
      .join("\n");
    const markdown = `### API throughput (\`npm run bench:api\`), ${new Date().toISOString().slice(0, 10)}

Machine: ${machine()}, load average before the run ${loadBefore}. Production build (\`scripts/server.mjs\`: node:http; \`/api/*\` to our handlers, pages to Next.js) on PostgreSQL (${new URL(ADMIN_URL).host}) with ${visits.toLocaleString("en-US")} visit rows
(2,000 customers, ${SERIES} open-ended series generated 400 days ahead, the rest one-time visits over a decade), ${CONNECTIONS} connections, ${DURATION} s per run, autocannon in the same process as the raw server.
CPU is the app server process's user + system time per request during the loaded run.

| operation | app req/s | app p50 | app p99 | app errors | app CPU / request | answer | raw req/s | raw p50 | raw p99 | app / raw |
|---|---|---|---|---|---|---|---|---|---|---|
${table}

Sequential (one connection, 200 requests): month schedule query p50 ${ms(percentile(monthLatencies, 50))}, p95 ${ms(percentile(monthLatencies, 95))} (the same month: cached);
month-long ranges never asked before (cache misses) p50 ${ms(percentile(monthMissLatencies, 50))}, p95 ${ms(percentile(monthMissLatencies, 95))};
availability of 200 different dates (cache misses) p50 ${ms(percentile(availabilityLatencies, 50))}, p95 ${ms(percentile(availabilityLatencies, 95))};
booking create p50 ${ms(percentile(bookingLatencies, 50))}, p95 ${ms(percentile(bookingLatencies, 95))}.
This host's raw \`node:http\` server in the same run, for scale: sequential p50 ${percentile(sequential["raw server, same catalogue bytes"], 50).toFixed(2)} ms / p95 ${percentile(sequential["raw server, same catalogue bytes"], 95).toFixed(2)} ms; at 50 connections see the raw columns above.

Sequential, one connection, 300 requests after 50 to warm up (p50 / p95):
${Object.entries(sequential)
  .map(([label, timings]) => `- ${label}: ${percentile(timings, 50).toFixed(2)} ms / ${percentile(timings, 95).toFixed(2)} ms`)
  .join("\n")}`;
    writeSection("api", markdown, {
      rows,
      monthLatencies,
      monthMissLatencies,
      availabilityLatencies,
      bookingLatencies,
      sequential,
      visits,
    });
  } finally {
    await activity.end({ timeout: 5 });
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
