// `npm run bench:faults`: how the production build behaves when things go wrong.
//  1. PostgreSQL restarts under a 50-connection load: recovery time, errors only in that window,
//     every booking answered 201 is in the database.
//  2. SIGTERM under load: in-flight requests finish, the process exits cleanly within 10 s.
//  3. 20 concurrent bookings for one last place: exactly one succeeds.
//  4. The same Stripe event delivered 20 times at once: one change.
// It restarts the machine's PostgreSQL: never run it while other work uses that server.
import { execSync } from "node:child_process";
import { readdirSync } from "node:fs";
import postgres from "postgres";
import Stripe from "stripe";
import { buildIfNeeded, freshDatabase, fromClient, machine, startServer, staffCookie } from "./lib.mjs";
import { writeSection } from "./results-file.mjs";

const PORT = 3320;
const WEBHOOK_SECRET = "whsec_bench_faults_secret";
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function austinDate(offsetDays) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

function booking(index, date = austinDate(5 + (index % 200)), slot = `${String(9 + (index % 9)).padStart(2, "0")}:00`) {
  return {
    serviceId: "1",
    address: "1100 Congress Ave",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    date,
    timeSlot: slot,
    isRecurring: false,
    fullName: "Fault Tester",
    email: `fault${index}@example.com`,
    phone: "5125550123",
  };
}

/** N workers in a loop until `until()`; each result is { at, ok, status }. */
async function load({ workers, until, request }) {
  const results = [];
  let counter = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!until()) {
        const index = counter++;
        const at = Date.now();
        try {
          const response = await request(index);
          const body = await response.text();
          results.push({ at, done: Date.now(), ok: response.ok, status: response.status, body, index });
        } catch (error) {
          results.push({ at, done: Date.now(), ok: false, status: 0, body: String(error), index });
        }
      }
    }),
  );
  return results;
}

async function postgresRestart(url) {
  const version = readdirSync("/etc/postgresql")[0];
  let stop = false;
  const started = Date.now();
  const reads = load({ workers: 45, until: () => stop, request: () => fetch(`${base}/api/services`) });
  const writes = load({
    workers: 5,
    until: () => stop,
    request: (index) =>
      fetch(`${base}/api/bookings`, { method: "POST", headers: { "content-type": "application/json", ...fromClient(index) }, body: JSON.stringify(booking(index)) }),
  });
  await sleep(4000);
  const restartAt = Date.now();
  execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main restart`, { stdio: "ignore" });
  const restartedAt = Date.now();
  await sleep(8000);
  stop = true;
  const all = [...(await reads), ...(await writes)];
  const failures = all.filter((result) => !result.ok);
  const firstFailure = Math.min(...failures.map((result) => result.at));
  const lastFailure = Math.max(...failures.map((result) => result.done));
  const outsideWindow = failures.filter((result) => result.done < restartAt - 100 || result.at > restartedAt + 5000);

  const booked = (await writes)
    .filter((result) => result.status === 201)
    .map((result) => JSON.parse(result.body).bookingReference);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const stored = await sql`select booking_reference from schedules where booking_reference = any(${booked})`;
  await sql.end();
  return {
    requests: all.length,
    failures: failures.length,
    restartSeconds: (restartedAt - restartAt) / 1000,
    errorWindowSeconds: failures.length ? (lastFailure - firstFailure) / 1000 : 0,
    // Recovery: how long after PostgreSQL was back a request could still START and fail.
    recoveredSecondsAfterRestart: failures.length ? Math.max(0, (Math.max(...failures.map((result) => result.at)) - restartedAt) / 1000) : 0,
    slowestFailureSeconds: failures.length ? Math.max(...failures.map((result) => result.done - result.at)) / 1000 : 0,
    failureKinds: [...new Set(failures.map((result) => `${result.status} ${result.body.slice(0, 80)}`))].slice(0, 5),
    failuresOutsideWindow: outsideWindow.length,
    bookingsAnswered201: booked.length,
    bookingsFound: stored.length,
    durationSeconds: (Date.now() - started) / 1000,
  };
}

async function sigtermUnderLoad(url) {
  const server = await startServer({ port: PORT, env: { DATABASE_URL: url } });
  let stop = false;
  const results = load({ workers: 50, until: () => stop, request: () => fetch(`${base}/api/services`) });
  await sleep(3000);
  const signalledAt = Date.now();
  server.child.kill("SIGTERM");
  const exit = await Promise.race([server.exited, sleep(15_000).then(() => ({ code: "timeout" }))]);
  const exitSeconds = (Date.now() - signalledAt) / 1000;
  stop = true;
  const all = await results;
  const startedBefore = all.filter((result) => result.at < signalledAt);
  const brokenInFlight = startedBefore.filter((result) => result.status === 0 && result.done >= signalledAt);
  return {
    exitCode: exit.code,
    exitSignal: exit.signal ?? null,
    exitSeconds,
    requestsBeforeSignal: startedBefore.length,
    inFlightBroken: brokenInFlight.length,
  };
}

async function lastPlace(url) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql`insert into business_settings (key, value) values ('crew_capacity', '2'::jsonb) on conflict (key) do update set value = excluded.value`;
  await sql.end();
  const date = austinDate(30);
  const first = await fetch(`${base}/api/bookings`, {
    method: "POST",
    headers: { "content-type": "application/json", ...fromClient(900_000) },
    body: JSON.stringify(booking(900_000, date, "10:00")),
  });
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      fetch(`${base}/api/bookings`, {
        method: "POST",
        headers: { "content-type": "application/json", ...fromClient(910_000 + index) },
        body: JSON.stringify(booking(910_000 + index, date, "10:00")),
      }).then((response) => response.status),
    ),
  );
  return { firstBooking: first.status, created: answers.filter((status) => status === 201).length, refused409: answers.filter((status) => status === 409).length, other: answers.filter((status) => status !== 201 && status !== 409) };
}

async function sameStripeEvent(url) {
  const cookie = await staffCookie(PORT);
  const customers = await (await fetch(`${base}/api/customers`, { headers: { cookie } })).json();
  const customerId = customers[0].id;
  const created = await fetch(`${base}/api/payments`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: base },
    body: JSON.stringify({ customerId, amount: 4200, status: "pending" }),
  });
  const payment = await created.json();
  const intentId = `pi_bench_${Date.now()}`;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql`update payments set stripe_payment_intent = ${intentId} where id = ${payment.id}`;
  const event = {
    id: `evt_bench_${Date.now()}`,
    object: "event",
    type: "payment_intent.succeeded",
    data: { object: { id: intentId, object: "payment_intent", amount: 4200, status: "succeeded", metadata: { paymentId: String(payment.id) } } },
  };
  const payload = JSON.stringify(event);
  const stripe = new Stripe("sk_test_bench");
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      fetch(`${base}/api/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
        body: payload,
      }).then((response) => response.status),
    ),
  );
  const [row] = await sql`select status, updated_at from payments where id = ${payment.id}`;
  const [{ events }] = await sql`select count(*)::int as events from stripe_events where id = ${event.id}`;
  await sql.end();
  return { answers: [...new Set(answers)], finalStatus: row.status, eventRows: events };
}

async function main() {
  buildIfNeeded();
  const url = await freshDatabase("greenscape_bench_faults");
  const stripeEnv = { STRIPE_SECRET_KEY: "sk_test_bench", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_bench" };
  const server = await startServer({ port: PORT, env: { DATABASE_URL: url, ...stripeEnv } });
  let restart;
  let place;
  let stripeEvent;
  try {
    place = await lastPlace(url);
    console.log("last place", place);
    stripeEvent = await sameStripeEvent(url);
    console.log("stripe event", stripeEvent);
    restart = await postgresRestart(url);
    console.log("postgres restart", restart);
  } finally {
    await server.stop();
  }
  const sigterm = await sigtermUnderLoad(url);
  console.log("sigterm", sigterm);

  writeSection(
    "faults",
    `### Faults (\`npm run bench:faults\`), ${new Date().toISOString().slice(0, 10)}

Machine: ${machine()}. Production build on PostgreSQL.

| scenario | target | measured |
|---|---|---|
| PostgreSQL restarted under 50 connections (45 reading, 5 booking) | recovers within 5 s, errors only in that window, every 201 booking stored | restart took ${restart.restartSeconds.toFixed(1)} s; ${restart.failures} of ${restart.requests} requests failed; the last failing request started ${restart.recoveredSecondsAfterRestart.toFixed(1)} s after PostgreSQL was back (slowest failure answered after ${restart.slowestFailureSeconds.toFixed(1)} s); ${restart.failuresOutsideWindow} failures outside the restart + 5 s window; ${restart.bookingsFound} of ${restart.bookingsAnswered201} bookings answered 201 found |
| SIGTERM under 50 connections | in-flight requests finish, exit within 10 s | exit ${sigterm.exitCode ?? sigterm.exitSignal} after ${sigterm.exitSeconds.toFixed(1)} s; ${sigterm.inFlightBroken} in-flight requests broken of ${sigterm.requestsBeforeSignal} started before the signal |
| 20 concurrent bookings for one last place | exactly one succeeds | ${place.created} created, ${place.refused409} refused with 409${place.other.length ? `, others: ${place.other.join(", ")}` : ""} |
| the same Stripe event 20 times at once | one change | answers ${stripeEvent.answers.join(", ")}; payment ${stripeEvent.finalStatus}; ${stripeEvent.eventRows} stored event row |`,
    { restart, sigterm, place, stripeEvent },
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
