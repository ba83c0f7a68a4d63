// `npm run bench:crash`: the server killed (SIGKILL, no goodbye) under a booking rush, then started
// again on the same database: every booking it answered 201 must be stored, with its visit, and its
// confirmation must be made once after the restart (issue 42: a faster booking keeps every guarantee).
// BENCH_CRASH_RUNS (3) kills it at different moments; BENCH_APP_PORT moves it off port 3530.
import postgres from "postgres";
import { bookingBody, buildIfNeeded, freshDatabase, fromClient, machine, startServer } from "./lib.mjs";
import { writeSection } from "./results-file.mjs";

const PORT = Number(process.env.BENCH_APP_PORT ?? 3530);
const RUNS = Number(process.env.BENCH_CRASH_RUNS ?? 3);
const WORKERS = 50;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** 50 workers booking one after another until `stop()`; each 201's reference is kept. */
function rush(prefix) {
  let stopped = false;
  let next = 0;
  const acknowledged = [];
  const failures = { refused: 0, broken: 0 };
  const worker = async () => {
    while (!stopped) {
      const index = next++;
      try {
        const response = await fetch(`http://127.0.0.1:${PORT}/api/bookings`, {
          method: "POST",
          headers: { "content-type": "application/json", ...fromClient(index) },
          body: bookingBody(index, { days: 30, firstDay: 40, emailPrefix: prefix }),
        });
        const body = await response.json().catch(() => null);
        if (response.status === 201 && body?.bookingReference) acknowledged.push(body.bookingReference);
        else failures.refused++;
      } catch {
        // The process died under this request: no answer, so no promise was made.
        failures.broken++;
        await sleep(50);
      }
    }
  };
  const done = Promise.all(Array.from({ length: WORKERS }, worker));
  return {
    acknowledged,
    failures,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

async function crashOnce(url, run) {
  const env = { DATABASE_URL: url, SEED_DEMO_DATA: "false" };
  const server = await startServer({ port: PORT, env });
  const load = rush(`crash${run}_`);
  // A different moment each run, well inside the rush.
  await sleep(2000 + run * 700);
  server.child.kill("SIGKILL");
  await server.exited;
  await load.stop();

  const restartedAt = performance.now();
  const again = await startServer({ port: PORT, env });
  const restartSeconds = (performance.now() - restartedAt) / 1000;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const references = load.acknowledged;
    const [{ stored }] = await sql`select count(*)::int as stored from schedules s
      where s.booking_reference = any(${references}) and exists (select 1 from visits v where v.schedule_id = s.id)`;
    // The confirmations are made by a job after the commit. A job the killed process held comes back
    // when it expires and the maintenance pass retries it: wait for every one, up to five minutes.
    const keys = references.map((reference) => `booking-confirmation:${reference}`);
    let confirmed = 0;
    const deadline = Date.now() + 300_000;
    const confirmStarted = performance.now();
    for (;;) {
      [{ confirmed }] = await sql`select count(*)::int as confirmed from email_outbox where idempotency_key = any(${keys})`;
      if (confirmed >= keys.length || Date.now() > deadline) break;
      await sleep(500);
    }
    return {
      acknowledged: references.length,
      stored,
      confirmed,
      confirmSeconds: (performance.now() - confirmStarted) / 1000,
      restartSeconds,
      refused: load.failures.refused,
      broken: load.failures.broken,
    };
  } finally {
    await sql.end({ timeout: 5 });
    await again.stop();
  }
}

async function main() {
  buildIfNeeded();
  const url = await freshDatabase(`greenscape_bench_crash_${PORT}`);
  // The first start migrates and makes the staff account; every run books its own customers.
  const first = await startServer({ port: PORT, env: { DATABASE_URL: url, SEED_DEMO_DATA: "false" } });
  await first.stop();
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql`update crews set active = true`;
  await sql`insert into crews (name, position) select 'Crew ' || n, n from generate_series(3, 40) n`;
  await sql.end();

  const rows = [];
  for (let run = 0; run < RUNS; run++) {
    const row = await crashOnce(url, run);
    rows.push(row);
    console.log(`run ${run + 1}:`, JSON.stringify(row));
  }
  const kept = rows.every((row) => row.stored === row.acknowledged && row.confirmed === row.acknowledged);
  const lines = rows.map(
    (row, index) =>
      `| ${index + 1} | ${row.acknowledged} | ${row.stored} | ${row.confirmed}, ${row.confirmSeconds.toFixed(1)} s after the restart | ${row.broken} broken, ${row.refused} refused | ${row.restartSeconds.toFixed(1)} s |`,
  );
  writeSection(
    "crash",
    `### A server killed under a booking rush (\`npm run bench:crash\`), ${new Date().toISOString().slice(0, 10)}

Machine: ${machine()}. Production build on PostgreSQL, 40 crews; ${WORKERS} workers book across 30 days, each booking from its own address,
until the server gets SIGKILL; the server then starts again on the same database. A booking answered 201 must be stored with its visit, and
its confirmation email made once (\`booking-confirmation:<reference>\`) after the restart. Requests cut by the kill got no answer, so no promise.

| run | bookings answered 201 | stored with their visit | confirmations made | requests cut or refused | restart took |
|---|---|---|---|---|---|
${lines.join("\n")}

${kept ? "Every acknowledged booking was stored and confirmed once." : "**Some acknowledged bookings were lost or not confirmed.**"}`,
    rows,
  );
  if (!kept) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
