// `node bench/reads.mjs`: the first reads of availability and the dashboard, alternated so that a loaded host's drift falls on
// every variant alike. One database seeded once (BENCH_SCALE, default 4), then BENCH_RUNS rounds
// (default 3) of: each variant's server started in turn, 200 availability dates never asked and 300
// dashboard reads, one connection, next to the raw node:http server answering the same bytes in the
// same minutes. Variants: base (BENCH_BASE_DIR, when given), this build over TCP with prepared
// statements (DATABASE_PREPARE=true), without them, and over the Unix socket (BENCH_DB_SOCKET).
import http from "node:http";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { buildIfNeeded, freshDatabase, machine, percentile, staffCookie, startServer } from "./lib.mjs";
import { writeSection } from "./results-file.mjs";
import { SCALE, seedVisits } from "./visits-data.mjs";

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3300);
const RAW_PORT = Number(process.env.BENCH_RAW_PORT ?? APP_PORT + 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BASE_DIR = process.env.BENCH_BASE_DIR ? path.resolve(process.env.BENCH_BASE_DIR) : null;
const SOCKET_DIR = process.env.BENCH_DB_SOCKET ?? "/var/run/postgresql";
const DATABASE = process.env.BENCH_DATABASE_NAME ?? `greenscape_bench_reads_${APP_PORT}`;
const load = () => os.loadavg()[0].toFixed(1);

function austinDate(offsetDays) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

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

async function main() {
  buildIfNeeded();
  const url = await freshDatabase(DATABASE);
  // Migrate and seed with this build, then seed the visits.
  const first = await startServer({ port: APP_PORT, env: { DATABASE_URL: url, SEED_DEMO_DATA: "false" } });
  const visits = await seedVisits(url);
  await first.stop();
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin`vacuum analyze`;
  await admin.end();

  const socketUrl = `${url}${url.includes("?") ? "&" : "?"}host=${SOCKET_DIR}`;
  const variants = [
    ...(BASE_DIR ? [{ label: "base", dir: BASE_DIR, env: { DATABASE_URL: url } }] : []),
    { label: "this, TCP, prepared", dir: process.cwd(), env: { DATABASE_URL: url, DATABASE_PREPARE: "true" } },
    { label: "this, TCP, not prepared", dir: process.cwd(), env: { DATABASE_URL: url, DATABASE_PREPARE: "false" } },
    { label: "this, Unix socket, prepared", dir: process.cwd(), env: { DATABASE_URL: socketUrl, DATABASE_PREPARE: "true" } },
  ];
  const bodies = new Map();
  const rawServer = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(bodies.get(request.url) ?? "{}");
    });
  });
  await new Promise((resolve) => rawServer.listen(RAW_PORT, "127.0.0.1", resolve));
  const results = new Map(variants.map((variant) => [variant.label, []]));
  try {
    for (let run = 0; run < RUNS; run++) {
      // Each round starts the variants in another order.
      const order = variants.map((_, index) => variants[(index + run) % variants.length]);
      for (const variant of order) {
        const server = await startServer({ port: APP_PORT, cwd: variant.dir, env: { ...variant.env, SEED_DEMO_DATA: "false" } });
        try {
          const cookie = await staffCookie(APP_PORT);
          const app = `http://127.0.0.1:${APP_PORT}`;
          await sequential((index) => `${app}/api/availability?date=${austinDate(330 + index)}&serviceId=1`, 30);
          await sequential(() => `${app}/api/dashboard-stats`, 30, { cookie });
          bodies.set(
            "/availability",
            Buffer.from(await (await fetch(`${app}/api/availability?date=${austinDate(3)}&serviceId=1`)).arrayBuffer()),
          );
          bodies.set("/dashboard", Buffer.from(await (await fetch(`${app}/api/dashboard-stats`, { headers: { cookie } })).arrayBuffer()));
          const row = { run, load: load() };
          // The cache lives in the server: a fresh server has asked no date yet.
          row.availability = await sequential((index) => `${app}/api/availability?date=${austinDate(2 + index)}&serviceId=1`, 200);
          row.rawAvailability = await sequential(() => `http://127.0.0.1:${RAW_PORT}/availability`, 200);
          row.dashboard = await sequential(() => `${app}/api/dashboard-stats`, 300, { cookie });
          row.rawDashboard = await sequential(() => `http://127.0.0.1:${RAW_PORT}/dashboard`, 300);
          // The staff month view: its day counts over month-long ranges, and the visit list of a
          // month-long range never asked (a miss of the answer cache).
          row.dayCounts = await sequential(
            (index) => `${app}/api/schedules/day-counts?startDate=${austinDate(index - 150)}&endDate=${austinDate(index - 120)}`,
            100,
            { cookie },
          );
          row.monthList = await sequential(
            (index) => `${app}/api/schedules?startDate=${austinDate(index - 100 + run * 30)}&endDate=${austinDate(index - 70 + run * 30)}`,
            30,
            { cookie },
          );
          row.loadAfter = load();
          results.get(variant.label).push(row);
          const p = (timings, q) => percentile(timings, q).toFixed(1);
          console.log(
            `${variant.label} run ${run}: availability ${p(row.availability, 50)} / ${p(row.availability, 95)} ms (raw ${p(row.rawAvailability, 95)}), dashboard ${p(row.dashboard, 50)} / ${p(row.dashboard, 95)} ms (raw ${p(row.rawDashboard, 95)}), day counts ${p(row.dayCounts, 50)} / ${p(row.dayCounts, 95)} ms, month list miss ${p(row.monthList, 50)} / ${p(row.monthList, 95)} ms, load ${row.load} → ${row.loadAfter}`,
          );
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    rawServer.close();
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const fig = (rows, key, q) => `${median(rows.map((row) => percentile(row[key], q))).toFixed(1)}`;
  const each = (rows, key, q) => rows.map((row) => percentile(row[key], q).toFixed(1)).join(", ");
  const lines = [...results].map(
    ([label, rows]) =>
      `| ${label} | ${fig(rows, "availability", 50)} / ${fig(rows, "availability", 95)} ms (p95s ${each(rows, "availability", 95)}) | ${fig(rows, "rawAvailability", 95)} ms | ${fig(rows, "dashboard", 50)} / ${fig(rows, "dashboard", 95)} ms (p95s ${each(rows, "dashboard", 95)}) | ${fig(rows, "rawDashboard", 95)} ms | ${fig(rows, "dayCounts", 50)} / ${fig(rows, "dayCounts", 95)} ms | ${fig(rows, "monthList", 50)} / ${fig(rows, "monthList", 95)} ms | ${rows.map((row) => `${row.load}→${row.loadAfter}`).join(", ")} |`,
  );
  const markdown = `### First reads, alternated (\`node bench/reads.mjs\`), ${new Date().toISOString().slice(0, 10)}

Machine: ${machine()}. ${visits.toLocaleString("en-US")} visit rows (scale ${SCALE}), one database, vacuumed once after seeding; ${RUNS} rounds, each starting every variant's server in turn (in a rotated order), so the host's drift falls on all alike.
Medians over the rounds of p50 / p95, one connection: availability over 200 dates never asked, dashboard over 300 \`GET /api/dashboard-stats\`; raw: a \`node:http\` server answering the same bytes right after. The staff month view: 100 \`GET /api/schedules/day-counts\` over month-long ranges, and 30 visit lists of month-long ranges never asked.

| variant | availability miss | raw p95 | dashboard | raw p95 | month day counts | month list miss | load average (1 min), each round |
|---|---|---|---|---|---|---|---|
${lines.join("\n")}`;
  writeSection(`reads-scale${SCALE}`, markdown, Object.fromEntries(results));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
