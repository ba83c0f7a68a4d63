// `node bench/profile-api.mjs [availability|month|dashboard|booking] [requests]`: a CPU profile of
// uncached requests on the production build, on the API bench's data (`BENCH_SCALE=4` for four times
// the business). availability and month ask something not asked before (another date, another range),
// so every one misses the answer cache; dashboard asks the staff dashboard's three reads (never cached);
// booking sends 50 concurrent bookings across 30 days (BENCH_BOOKING_DAYS) with 40 crews. Prints the
// latencies, the functions with the most self time during the requests only, and, when the server has
// pg_stat_statements loaded (BENCH_DATABASE_URL of a cluster that preloads it), the statements that
// took the most time. The profile stays in bench/.out/profiles/.
import { mkdirSync, readdirSync, statSync } from "node:fs";
import { spawnSync } from "node:child_process";
import os from "node:os";
import autocannon from "autocannon";
import postgres from "postgres";
import { austinDate, bookingBody, buildIfNeeded, freshDatabase, fromClient, percentile, staffCookie, startServer } from "./lib.mjs";
import { seedVisits } from "./visits-data.mjs";

const kind = process.argv[2] ?? "availability";
const count = Number(process.argv[3] ?? 300);
const PORT = Number(process.env.BENCH_APP_PORT ?? 3300);
const DIR = "bench/.out/profiles";
const BOOKING_DAYS = Number(process.env.BENCH_BOOKING_DAYS ?? 30);

/** The index-th request of its kind: availability of another day, or a month-long range starting another day. */
function pathOf(index) {
  if (kind === "month") return `/api/schedules?startDate=${austinDate(index - 200)}&endDate=${austinDate(index - 170)}`;
  if (kind === "dashboard") return ["/api/dashboard-stats", "/api/dashboard/week", "/api/dashboard/recent-messages"][index % 3];
  return `/api/availability?date=${austinDate(2 + (index % 360))}&serviceId=1`;
}

buildIfNeeded();
mkdirSync(DIR, { recursive: true });
const url = await freshDatabase(process.env.BENCH_DATABASE_NAME ?? `greenscape_bench_profile_${PORT}`);
const server = await startServer({
  port: PORT,
  env: { DATABASE_URL: url, SEED_DEMO_DATA: "false" },
  nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${DIR}`],
});
const sql = postgres(url, { max: 1, onnotice: () => {} });
// Without the library preloaded the extension installs but its functions refuse: no statement figures then.
const statements = await sql`create extension if not exists pg_stat_statements`
  .then(() => sql`select pg_stat_statements_reset()`)
  .then(
    () => true,
    () => false,
  );
let windowStart = 0;
try {
  await seedVisits(url);
  const headers = { cookie: await staffCookie(PORT) };
  if (kind === "booking") {
    await sql`update crews set active = (position <= 40)`;
    windowStart = performance.now();
    let index = 0;
    const result = await new Promise((resolve, reject) =>
      autocannon(
        {
          url: `http://127.0.0.1:${PORT}/api/bookings`,
          connections: 50,
          amount: count,
          method: "POST",
          headers: { "content-type": "application/json" },
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                headers: { ...request.headers, ...fromClient(index) },
                body: bookingBody(index++, { days: BOOKING_DAYS }),
              }),
            },
          ],
        },
        (error, value) => (error ? reject(error) : resolve(value)),
      ),
    );
    console.log(
      `booking, ${count} at 50 connections across ${BOOKING_DAYS} days: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}; load ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(", ")}`,
    );
  } else {
    // Warm up on other questions than the measured ones (indexes past the measured range).
    for (let index = 0; index < 50; index++)
      await (await fetch(`http://127.0.0.1:${PORT}${pathOf(count + 400 + index)}`, { headers })).arrayBuffer();
    if (statements) await sql`select pg_stat_statements_reset()`;
    const timings = [];
    windowStart = performance.now();
    for (let index = 0; index < count; index++) {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${PORT}${pathOf(index)}`, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${pathOf(index)} answered ${response.status}`);
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    console.log(
      `${kind}, ${count} uncached requests: p50 ${percentile(timings, 50).toFixed(2)} ms, p95 ${percentile(timings, 95).toFixed(2)} ms; load ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(", ")}`,
    );
  }
  if (statements) {
    const top = await sql`select calls, round(total_exec_time::numeric, 1) as total_ms, round(mean_exec_time::numeric, 3) as mean_ms,
        left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as query
      from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
      order by total_exec_time desc limit 15`;
    console.log("pg_stat_statements, most time first:");
    for (const row of top) console.log(`  ${row.calls} calls, ${row.total_ms} ms (mean ${row.mean_ms} ms): ${row.query}`);
  }
} finally {
  await sql.end({ timeout: 5 });
  await server.stop();
}
const windowMs = Math.round(performance.now() - windowStart);
const newest = readdirSync(DIR)
  .filter((name) => name.endsWith(".cpuprofile"))
  .map((name) => `${DIR}/${name}`)
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
spawnSync(process.execPath, ["bench/profile-summary.mjs", newest, "30", String(windowMs)], { stdio: "inherit" });
