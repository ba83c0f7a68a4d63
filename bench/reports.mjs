// `npm run bench:reports`: each of the five reports over REST, at 1× and 4× the bench business
// (BENCH_SCALES, "1,4" by default; 4× is about 200,000 visits). Each scale gets its own database,
// seeded with visits-data.mjs and reports-data.mjs, and its own production server; a staff session
// asks each report BENCH_WARMUP times (20) to warm up, then BENCH_REQUESTS times (200) one after
// the other, and p50 / p95 / max go to bench/RESULTS.md beside the target (p95 ≤ 100 ms) and a
// check of a few figures against a direct scan of the rows.
import os from "node:os";
import postgres from "postgres";
import { ADMIN_URL, austinDate, buildIfNeeded, freshDatabase, machine, percentile, staffCookie, startServer } from "./lib.mjs";
import { seedReportData } from "./reports-data.mjs";
import { writeSection } from "./results-file.mjs";

const PORT = Number(process.env.BENCH_APP_PORT ?? 3320);
const SCALES = (process.env.BENCH_SCALES ?? "1,4").split(",").map(Number);
const WARM_UP = Number(process.env.BENCH_WARMUP ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const TARGET_MS = 100;

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

/** The same calendar day a year before; 29 February becomes the 28th (as src/lib/reports.ts). */
function yearBeforeDay(day) {
  const shifted = `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;
  return shifted.endsWith("-02-29") ? shifted.replace(/29$/, "28") : shifted;
}

/** The periods asked, as the Reports page offers them, from today in Austin. */
function periods() {
  const today = austinDate(0);
  const [year, month] = today.split("-").map(Number);
  const first = new Date(Date.UTC(year, month - 1 - 11, 1));
  return {
    today,
    // The last 12 months: the month eleven months back, from its first day, to today.
    year: { from: first.toISOString().slice(0, 10), to: today },
    month: { from: austinDate(-30), to: today },
    yearAgo: yearBeforeDay(today),
  };
}

function reportsToAsk({ today, year, month, yearAgo }) {
  return [
    { name: "revenue by month, 12 months", path: `/api/reports/revenue?from=${year.from}&to=${year.to}&by=month` },
    { name: "revenue by day, a month", path: `/api/reports/revenue?from=${month.from}&to=${month.to}&by=day` },
    { name: "owed, as of today", path: `/api/reports/owed?asOf=${today}` },
    { name: "owed, as of a year ago", path: `/api/reports/owed?asOf=${yearAgo}` },
    { name: "work, 12 months", path: `/api/reports/work?from=${year.from}&to=${year.to}` },
    { name: "plans, 12 months", path: `/api/reports/plans?from=${year.from}&to=${year.to}` },
    { name: "quotes, 12 months", path: `/api/reports/quotes?from=${year.from}&to=${year.to}` },
  ];
}

async function sequential(url, count, cookie) {
  const timings = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b);
}

/** visits-data.mjs reads BENCH_SCALE once, when it is loaded: each scale loads a copy of its own. */
async function visitsDataAt(scale) {
  process.env.BENCH_SCALE = String(scale);
  return import(`./visits-data.mjs?scale=${scale}`);
}

/**
 * A few headline figures of the reports beside the same figures summed from the rows, so a run
 * also says whether the reports read the data it measured them on.
 */
async function crossCheck(url, port, cookie, { today, year }) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const from = sql`(${year.from}::date)::timestamp at time zone 'America/Chicago'`;
  const to = sql`(${year.to}::date + 1)::timestamp at time zone 'America/Chicago'`;
  const [scan] = await sql`select
      (select count(*)::int from payments where status = 'completed' and payment_date >= ${from} and payment_date < ${to}) as payments,
      (select coalesce(sum(amount), 0)::bigint from payments where status = 'completed' and payment_date >= ${from} and payment_date < ${to})
        - (select coalesce(sum(amount), 0)::bigint from payment_refunds where status = 'succeeded' and confirmed_at >= ${from} and confirmed_at < ${to})
        as net,
      (select coalesce(sum(amount), 0)::bigint from unpaid_visits) as owed,
      (select count(*)::int from visits where status = 'completed' and start_time >= ${from} and start_time < ${to}) as completed`;
  await sql.end();
  const ask = async (path) => (await fetch(`http://127.0.0.1:${port}${path}`, { headers: { cookie } })).json();
  const revenue = await ask(`/api/reports/revenue?from=${year.from}&to=${year.to}&by=month`);
  const owed = await ask(`/api/reports/owed?asOf=${today}`);
  const work = await ask(`/api/reports/work?from=${year.from}&to=${year.to}`);
  return [
    { figure: "revenue, 12 months: completed payments", report: revenue.current?.totals?.payments, scan: scan.payments },
    { figure: "revenue, 12 months: net (cents)", report: revenue.current?.totals?.net, scan: Number(scan.net) },
    { figure: "owed as of today (cents)", report: owed.current?.total?.amount, scan: Number(scan.owed) },
    { figure: "work, 12 months: visits completed", report: work.current?.totals?.completed, scan: scan.completed },
  ];
}

async function measureScale(scale, asked) {
  const url = await freshDatabase(`greenscape_bench_reports_${String(scale).replace(".", "_")}_${PORT}`);
  const env = { DATABASE_URL: url, SEED_DEMO_DATA: "false" };
  // A first start migrates the database and makes the staff account; the data goes in with the
  // server stopped, and the measured server starts on it.
  const first = await startServer({ port: PORT, env });
  await staffCookie(PORT);
  await first.stop();
  const { seedVisits } = await visitsDataAt(scale);
  const seedStarted = performance.now();
  await seedVisits(url);
  const data = await seedReportData(url, { scale });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(`${scale}×: seeded in ${seedSeconds.toFixed(0)} s`, data);

  const server = await startServer({ port: PORT, env });
  try {
    const cookie = await staffCookie(PORT);
    const loadBefore = loadAverage();
    const rows = [];
    for (const report of asked) {
      const address = `http://127.0.0.1:${PORT}${report.path}`;
      await sequential(address, WARM_UP, cookie);
      const timings = await sequential(address, REQUESTS, cookie);
      const row = { ...report, p50: percentile(timings, 50), p95: percentile(timings, 95), max: timings.at(-1) };
      rows.push(row);
      console.log(`${scale}× ${report.name}: p50 ${row.p50.toFixed(1)} / p95 ${row.p95.toFixed(1)} / max ${row.max.toFixed(1)} ms`);
    }
    const loadAfter = loadAverage();
    const checks = await crossCheck(url, PORT, cookie, periods());
    return { scale, data, seedSeconds, loadBefore, loadAfter, rows, checks };
  } finally {
    await server.stop();
  }
}

function markdownOf(results, asked, when) {
  const ms = (value) => value.toFixed(1);
  const header = results.map((result) => `${result.scale}×: p50 / p95 / max | ${result.scale}×: p95 ≤ ${TARGET_MS} ms`).join(" | ");
  const table = asked
    .map((report, index) => {
      const cells = results.map((result) => {
        const row = result.rows[index];
        return `${ms(row.p50)} / ${ms(row.p95)} / ${ms(row.max)} ms | ${row.p95 <= TARGET_MS ? "yes" : "**no**"}`;
      });
      return `| ${report.name} | \`${report.path.replace(/^\/api/, "")}\` | ${cells.join(" | ")} |`;
    })
    .join("\n");
  const verdicts = results.map((result) => {
    const over = result.rows.filter((row) => row.p95 > TARGET_MS).map((row) => row.name);
    return `- ${result.scale}×: ${over.length === 0 ? `every report's p95 is at most ${TARGET_MS} ms` : `p95 over ${TARGET_MS} ms: ${over.join("; ")}`}.`;
  });
  const data = results.map(
    ({ scale, data, seedSeconds, loadBefore, loadAfter }) =>
      `- ${scale}×: ${data.visits.toLocaleString("en-US")} visits (${data.unpaidVisits.toLocaleString("en-US")} completed and unpaid), ${data.payments.toLocaleString("en-US")} completed payments, ${data.refunds.toLocaleString("en-US")} refunds, ${data.fieldReports.toLocaleString("en-US")} timed visits, ${data.drivingRoutes.toLocaleString("en-US")} applied driving routes, ${data.quotes.toLocaleString("en-US")} quotes, ${data.crews} active crews; seeded in ${seedSeconds.toFixed(0)} s. Load average (1, 5, 15 min) ${loadBefore} before the requests, ${loadAfter} after.`,
  );
  const checks = results.map(
    ({ scale, checks }) =>
      `- ${scale}×: ${checks.map((check) => `${check.figure} ${check.report?.toLocaleString("en-US") ?? "none"} against ${check.scan.toLocaleString("en-US")} (${check.report === check.scan ? "equal" : "**differs**"})`).join("; ")}.`,
  );
  return `### Reports (\`npm run bench:reports\`), ${when}

Machine: ${machine()}. Production build on PostgreSQL (${new URL(ADMIN_URL).host}), a database and a server per scale: the bench business
(\`bench/visits-data.mjs\`) with what the reports read (\`bench/reports-data.mjs\`). One staff session, one request at a time: ${WARM_UP} to warm up,
then ${REQUESTS} of each report; every request computes the period and the same days a year before (the reports are not in the answer cache).
Target: p95 ≤ ${TARGET_MS} ms per report at 4×.

| report | request | ${header} |
|---|---|${results.map(() => "---|---|").join("")}
${table}

${verdicts.join("\n")}

Data:
${data.join("\n")}

The reports beside a direct scan of the rows (over the same 12 months; owed as of today is the open debt the triggers keep):
${checks.join("\n")}`;
}

async function main() {
  buildIfNeeded();
  const asked = reportsToAsk(periods());
  const results = [];
  for (const scale of SCALES) results.push(await measureScale(scale, asked));
  writeSection("reports", markdownOf(results, asked, new Date().toISOString().slice(0, 10)), results);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
