// `node bench/profile-api.mjs [availability|month] [requests]`: a CPU profile of uncached requests on
// the production build, on the API bench's data. Each request asks something not asked before (another
// date, another range), so every one misses the answer cache. Prints the latencies and the functions
// with the most self time during the requests only; the profile stays in bench/.out/profiles/.
import { mkdirSync, readdirSync, statSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { buildIfNeeded, freshDatabase, percentile, staffCookie, startServer } from "./lib.mjs";
import { seedVisits } from "./visits-data.mjs";

const kind = process.argv[2] ?? "availability";
const count = Number(process.argv[3] ?? 300);
const PORT = Number(process.env.BENCH_APP_PORT ?? 3300);
const DIR = "bench/.out/profiles";

function austinDate(offsetDays) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

/** The index-th request of its kind: availability of another day, or a month-long range starting another day. */
function pathOf(index) {
  if (kind === "month") return `/api/schedules?startDate=${austinDate(index - 200)}&endDate=${austinDate(index - 170)}`;
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
let windowStart = 0;
try {
  await seedVisits(url);
  const headers = { cookie: await staffCookie(PORT) };
  // Warm up on other questions than the measured ones (indexes past the measured range).
  for (let index = 0; index < 50; index++) await (await fetch(`http://127.0.0.1:${PORT}${pathOf(count + 400 + index)}`, { headers })).arrayBuffer();
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
  console.log(`${kind}, ${count} uncached requests: p50 ${percentile(timings, 50).toFixed(2)} ms, p95 ${percentile(timings, 95).toFixed(2)} ms`);
} finally {
  await server.stop();
}
const windowMs = Math.round(performance.now() - windowStart);
const newest = readdirSync(DIR)
  .filter((name) => name.endsWith(".cpuprofile"))
  .map((name) => `${DIR}/${name}`)
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
spawnSync(process.execPath, ["bench/profile-summary.mjs", newest, "30", String(windowMs)], { stdio: "inherit" });
