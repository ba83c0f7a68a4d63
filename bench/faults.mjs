// `npm run bench:faults`: how the production build behaves when things go wrong.
//  1. Three database outages (stopped; refusing connections; out of connections), each probed by a
//     staff session, a customer session and anonymous callers over REST, tRPC and pages: 503 with
//     Retry-After within 5 s, the catalogue and home page still 200, a booking refused; afterwards the
//     same sessions work again without a restart.
//  2. PostgreSQL restarts under a 50-connection load (signed-in requests among them): recovery time,
//     errors only in that window and all 503 with Retry-After, every booking answered 201 is stored.
//  3. SIGTERM under load: in-flight requests finish, the process exits cleanly within 10 s.
//  4. 20 concurrent bookings for one last place: exactly one succeeds.
//  5. The same Stripe event delivered 20 times at once: one change.
// Every outage happens on the bench's own PostgreSQL cluster (bench/faults-cluster.mjs), never on the
// server other work uses.
import postgres from "postgres";
import Stripe from "stripe";
import {
  adminConnection,
  APP_ROLE,
  ADMIN_URL as CLUSTER_ADMIN_URL,
  ensureCluster,
  FAULTS_PORT,
  FILLER_ROLE,
  MAX_CONNECTIONS,
  pgctl,
} from "./faults-cluster.mjs";
import { buildIfNeeded, freshDatabase, fromClient, machine, startServer, staffCookie } from "./lib.mjs";
import { writeSection } from "./results-file.mjs";

const PORT = Number(process.env.BENCH_FAULTS_APP_PORT ?? 3512);
const WEBHOOK_SECRET = "whsec_bench_faults_secret";
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function austinDate(offsetDays) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

function booking(index, date = austinDate(5 + (index % 200)), slot = `${String(9 + (index % 9)).padStart(2, "0")}:00`) {
  return {
    serviceId: 1,
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
          results.push({
            at,
            done: Date.now(),
            ok: response.ok,
            status: response.status,
            retryAfter: response.headers.get("retry-after"),
            body,
            index,
          });
        } catch (error) {
          results.push({ at, done: Date.now(), ok: false, status: 0, body: String(error), index });
        }
      }
    }),
  );
  return results;
}

async function postgresRestart(url, sessions) {
  let stop = false;
  const started = Date.now();
  const reads = load({ workers: 40, until: () => stop, request: () => fetch(`${base}/api/services`) });
  // Signed-in requests during the restart must fail as 503 with Retry-After too, never 500.
  const signedIn = load({
    workers: 5,
    until: () => stop,
    request: (index) =>
      index % 2
        ? fetch(`${base}/api/dashboard-stats`, { headers: { cookie: sessions.staff } })
        : fetch(`${base}/api/customer/profile`, { headers: { cookie: sessions.customer } }),
  });
  const writes = load({
    workers: 5,
    until: () => stop,
    request: (index) =>
      fetch(`${base}/api/bookings`, {
        method: "POST",
        headers: { "content-type": "application/json", ...fromClient(index) },
        body: JSON.stringify(booking(index)),
      }),
  });
  await sleep(4000);
  const restartAt = Date.now();
  pgctl("restart", "-m", "fast");
  const restartedAt = Date.now();
  await sleep(8000);
  stop = true;
  const signedInResults = await signedIn;
  const all = [...(await reads), ...signedInResults, ...(await writes)];
  const failures = all.filter((result) => !result.ok);
  const firstFailure = Math.min(...failures.map((result) => result.at));
  const lastFailure = Math.max(...failures.map((result) => result.done));
  const outsideWindow = failures.filter((result) => result.done < restartAt - 100 || result.at > restartedAt + 5000);
  const signedInFailures = signedInResults.filter((result) => !result.ok);

  const booked = (await writes).filter((result) => result.status === 201).map((result) => JSON.parse(result.body).bookingReference);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const stored = await sql`select booking_reference from schedules where booking_reference = any(${booked})`;
  await sql.end();
  return {
    requests: all.length,
    failures: failures.length,
    failureStatuses: countBy(failures, (result) => String(result.status)),
    failuresWithoutRetryAfter: failures.filter((result) => result.status === 503 && !result.retryAfter).length,
    restartSeconds: (restartedAt - restartAt) / 1000,
    errorWindowSeconds: failures.length ? (lastFailure - firstFailure) / 1000 : 0,
    // Recovery: how long after PostgreSQL was back a request could still START and fail.
    recoveredSecondsAfterRestart: failures.length
      ? Math.max(0, (Math.max(...failures.map((result) => result.at)) - restartedAt) / 1000)
      : 0,
    slowestFailureSeconds: failures.length ? Math.max(...failures.map((result) => result.done - result.at)) / 1000 : 0,
    failureKinds: [...new Set(failures.map((result) => `${result.status} ${result.body.slice(0, 80)}`))].slice(0, 5),
    failuresOutsideWindow: outsideWindow.length,
    // Requests that started once PostgreSQL was back (pg_ctl restart returned) and failed.
    failuresStartedAfterBack: failures.filter((result) => result.at >= restartedAt).length,
    requestsStartedAfterBack: all.filter((result) => result.at >= restartedAt).length,
    signedInRequests: signedInResults.length,
    signedInFailures: signedInFailures.length,
    signedInFailureStatuses: countBy(
      signedInFailures,
      (result) => `${result.status}${result.retryAfter ? ` Retry-After ${result.retryAfter}` : ""}`,
    ),
    bookingsAnswered201: booked.length,
    bookingsFound: stored.length,
    durationSeconds: (Date.now() - started) / 1000,
  };
}

function countBy(items, key) {
  const counts = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

const trpcUrl = (procedure, input) => `${base}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

/** What each kind of caller asks during an outage; `needsDatabase` calls must answer 503 with Retry-After. */
function probes(sessions, dayOffset) {
  // A day of its own per outage, so the booking asked before each outage finds its slot free.
  const date = austinDate(60 + dayOffset);
  const staff = { cookie: sessions.staff };
  const customer = { cookie: sessions.customer };
  return [
    {
      who: "staff",
      via: "REST",
      name: "GET /api/dashboard-stats",
      needsDatabase: true,
      send: () => fetch(`${base}/api/dashboard-stats`, { headers: staff }),
    },
    {
      who: "staff",
      via: "REST",
      name: "GET /api/auth/status",
      needsDatabase: true,
      send: () => fetch(`${base}/api/auth/status`, { headers: staff }),
    },
    {
      who: "staff",
      via: "tRPC",
      name: "dashboard.stats",
      needsDatabase: true,
      send: () => fetch(trpcUrl("dashboard.stats", {}), { headers: staff }),
    },
    {
      who: "customer",
      via: "REST",
      name: "GET /api/customer/profile",
      needsDatabase: true,
      send: () => fetch(`${base}/api/customer/profile`, { headers: customer }),
    },
    {
      who: "customer",
      via: "tRPC",
      name: "portal.profile",
      needsDatabase: true,
      send: () => fetch(trpcUrl("portal.profile", {}), { headers: customer }),
    },
    {
      who: "anonymous",
      via: "REST",
      name: "GET /api/availability",
      needsDatabase: true,
      send: () => fetch(`${base}/api/availability?serviceId=1&date=${date}`),
    },
    {
      who: "anonymous",
      via: "tRPC",
      name: "availability.get",
      needsDatabase: true,
      send: () => fetch(trpcUrl("availability.get", { date, serviceId: 1 })),
    },
    {
      who: "anonymous",
      via: "REST",
      name: "POST /api/bookings",
      needsDatabase: true,
      booking: true,
      send: (round) =>
        fetch(`${base}/api/bookings`, {
          method: "POST",
          headers: { "content-type": "application/json", ...fromClient(700_000 + round) },
          body: JSON.stringify(booking(700_000 + round, date, "11:00")),
        }),
    },
    { who: "anonymous", via: "REST", name: "GET /api/services", keepsServing: true, send: () => fetch(`${base}/api/services`) },
    { who: "anonymous", via: "page", name: "GET /", keepsServing: true, send: () => fetch(`${base}/`) },
    {
      who: "customer",
      via: "page",
      name: "GET /customer/account",
      send: () => fetch(`${base}/customer/account`, { headers: customer, redirect: "manual" }),
    },
  ];
}

async function probeRound(list, round) {
  return Promise.all(
    list.map(async (probe) => {
      const at = Date.now();
      try {
        const response = await probe.send(round);
        const body = await response.text();
        return {
          probe,
          status: response.status,
          retryAfter: response.headers.get("retry-after"),
          age: response.headers.get("age"),
          cacheControl: response.headers.get("cache-control"),
          ms: Date.now() - at,
          body,
        };
      } catch (error) {
        return { probe, status: 0, retryAfter: null, ms: Date.now() - at, body: String(error) };
      }
    }),
  );
}

/** One outage: what every caller gets while it lasts, and how soon the same sessions work again. */
async function outage({ name, begin, end }, sessions, index) {
  const list = probes(sessions, index);
  const before = await probeRound(list, 0);
  const beforeProblems = before.filter((result) => result.status >= 400 && result.probe.name !== "GET /customer/account");
  await begin();
  const during = [];
  const startedAt = Date.now();
  for (let round = 1; Date.now() - startedAt < 6000; round++) {
    during.push(...(await probeRound(list, round)));
    await sleep(300);
  }
  await end();
  const endedAt = Date.now();
  let recoveredAt = null;
  let roundsWithErrorsAfter = 0;
  for (let round = 100; Date.now() - endedAt < 30_000; round++) {
    const results = await probeRound(
      list.filter((probe) => probe.needsDatabase && !probe.booking),
      round,
    );
    if (results.every((result) => result.status === 200)) {
      recoveredAt = Date.now();
      break;
    }
    roundsWithErrorsAfter += 1;
    await sleep(250);
  }
  const needingDatabase = during.filter((result) => result.probe.needsDatabase);
  const kept = during.filter((result) => result.probe.keepsServing);
  const byProbe = {};
  for (const result of during) {
    const key = `${result.probe.who} ${result.probe.via} ${result.probe.name}`;
    byProbe[key] ??= { statuses: {}, slowestMs: 0 };
    byProbe[key].statuses[result.status] = (byProbe[key].statuses[result.status] ?? 0) + 1;
    byProbe[key].slowestMs = Math.max(byProbe[key].slowestMs, result.ms);
  }
  return {
    name,
    beforeProblems: beforeProblems.map((result) => `${result.probe.name} ${result.status}`),
    requests: during.length,
    needingDatabase: needingDatabase.length,
    answered503WithRetryAfter: needingDatabase.filter((result) => result.status === 503 && /^\d+$/.test(result.retryAfter ?? "")).length,
    slowest503Ms: Math.max(0, ...needingDatabase.filter((result) => result.status === 503).map((result) => result.ms)),
    other: [...new Set(needingDatabase.filter((result) => result.status !== 503).map((result) => `${result.probe.name} ${result.status}`))],
    keptServing: kept.filter((result) => result.status === 200).length,
    keptRequests: kept.length,
    catalogueCopyAges: [
      ...new Set(kept.filter((result) => result.age !== null && result.age !== undefined).map((result) => Number(result.age))),
    ].slice(-3),
    bookingsAccepted: during.filter((result) => result.probe.booking && result.status === 201).length,
    recoveredSeconds: recoveredAt ? (recoveredAt - endedAt) / 1000 : null,
    roundsWithErrorsAfter,
    byProbe,
  };
}

/** The three outages; each ends by putting things back as they were. */
function outages(url) {
  const database = new URL(url).pathname.slice(1);
  const terminateApp = (admin) =>
    admin.unsafe(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}' and usename = '${APP_ROLE}'`);
  let fillers = [];
  return [
    {
      name: "PostgreSQL stopped",
      begin: () => pgctl("stop", "-m", "fast"),
      end: () => pgctl("start"),
    },
    {
      name: "the database refusing connections",
      begin: async () => {
        const admin = adminConnection();
        await admin.unsafe(`alter database "${database}" with allow_connections false`);
        await terminateApp(admin);
        await admin.end();
      },
      end: async () => {
        const admin = adminConnection();
        await admin.unsafe(`alter database "${database}" with allow_connections true`);
        await admin.end();
      },
    },
    {
      name: "connections exhausted",
      begin: async () => {
        // Other clients take every ordinary slot; then the app's own connections are dropped, so
        // each reconnect meets "too many clients".
        const fill = async () => {
          for (let index = 0; index < MAX_CONNECTIONS; index++) {
            const client = postgres(`postgres://${FILLER_ROLE}@127.0.0.1:${FAULTS_PORT}/postgres`, {
              max: 1,
              onnotice: () => {},
              connect_timeout: 5,
            });
            try {
              await client`select 1`;
              fillers.push(client);
            } catch {
              await client.end({ timeout: 1 });
              return;
            }
          }
        };
        await fill();
        const admin = adminConnection();
        await terminateApp(admin);
        await admin.end();
        await sleep(200);
        await fill();
      },
      end: async () => {
        await Promise.all(fillers.map((client) => client.end({ timeout: 1 })));
        fillers = [];
      },
    },
  ];
}

async function signInCustomer() {
  const response = await fetch(`${base}/api/customer/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      fullName: "Outage Customer",
      email: `outage_${Date.now()}@example.com`,
      phone: "5125550100",
      address: "100 Congress Ave",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      password: "garden-pass-1",
      confirmPassword: "garden-pass-1",
    }),
  });
  if (!response.ok) throw new Error(`customer registration failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
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
  await sql`update crews set active = (position <= 2)`;
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
  return {
    firstBooking: first.status,
    created: answers.filter((status) => status === 201).length,
    refused409: answers.filter((status) => status === 409).length,
    other: answers.filter((status) => status !== 201 && status !== 409),
  };
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
    data: {
      object: { id: intentId, object: "payment_intent", amount: 4200, status: "succeeded", metadata: { paymentId: String(payment.id) } },
    },
  };
  const payload = JSON.stringify(event);
  const stripe = new Stripe("sk_test_bench");
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      fetch(`${base}/api/webhooks/stripe`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload,
      }).then((response) => response.status),
    ),
  );
  const [row] = await sql`select status, updated_at from payments where id = ${payment.id}`;
  const [{ events }] = await sql`select count(*)::int as events from stripe_events where id = ${event.id}`;
  await sql.end();
  return { answers: [...new Set(answers)], finalStatus: row.status, eventRows: events };
}

function outageRow(result) {
  const within5s = result.slowest503Ms <= 5000;
  return `| ${result.name} | ${result.answered503WithRetryAfter} of ${result.needingDatabase} answered 503 with Retry-After${result.other.length ? ` (others: ${result.other.join(", ")})` : ""}; slowest ${(result.slowest503Ms / 1000).toFixed(2)} s${within5s ? "" : " ✗"} | ${result.keptServing} of ${result.keptRequests} 200${result.catalogueCopyAges.length ? ` (catalogue copy Age ${result.catalogueCopyAges.join(", ")} s)` : ""} | ${result.bookingsAccepted} accepted | ${result.recoveredSeconds === null ? "not within 30 s ✗" : `${result.recoveredSeconds.toFixed(2)} s`}${result.roundsWithErrorsAfter ? ` (${result.roundsWithErrorsAfter} rounds with errors first)` : ""} |`;
}

async function main() {
  buildIfNeeded();
  await ensureCluster();
  const url = await freshDatabase("greenscape_bench_faults", { adminUrl: CLUSTER_ADMIN_URL, owner: APP_ROLE });
  const stripeEnv = {
    STRIPE_SECRET_KEY: "sk_test_bench",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_bench",
  };
  const server = await startServer({ port: PORT, env: { DATABASE_URL: url, ...stripeEnv } });
  const outageResults = [];
  let restart;
  let place;
  let stripeEvent;
  try {
    const sessions = { staff: await staffCookie(PORT), customer: await signInCustomer() };
    place = await lastPlace(url);
    console.log("last place", place);
    stripeEvent = await sameStripeEvent(url);
    console.log("stripe event", stripeEvent);
    for (const [index, scenario] of outages(url).entries()) {
      const result = await outage(scenario, sessions, index);
      console.log("outage", JSON.stringify(result, null, 1));
      outageResults.push(result);
    }
    restart = await postgresRestart(url, sessions);
    console.log("postgres restart", restart);
  } finally {
    await server.stop();
  }
  const sigterm = await sigtermUnderLoad(url);
  console.log("sigterm", sigterm);

  const probeTable = outageResults
    .map((result) =>
      Object.entries(result.byProbe)
        .map(
          ([probe, { statuses, slowestMs }]) =>
            `| ${result.name} | ${probe} | ${Object.entries(statuses)
              .map(([status, count]) => `${count} × ${status}`)
              .join(", ")} | ${slowestMs} ms |`,
        )
        .join("\n"),
    )
    .join("\n");

  writeSection(
    "faults",
    `### Faults (\`npm run bench:faults\`), ${new Date().toISOString().slice(0, 10)}

Machine: ${machine()}. Production build on the bench's own PostgreSQL cluster (port ${FAULTS_PORT}, max_connections ${MAX_CONNECTIONS}).

**Outages.** Each lasts 6 s. Every 0.3 s a staff session, a customer session and anonymous callers ask over REST,
tRPC and pages (below); the calls that need the database must answer 503 with \`Retry-After\` within 5 s, the
catalogue and the home page must stay 200, a booking must be refused, and afterwards the same sessions must
work without a restart (recovery: from the end of the outage to the first round where every signed-in and
anonymous call answers 200).

| outage | calls needing the database | catalogue and home page | bookings | same sessions work again after |
|---|---|---|---|---|
${outageResults.map(outageRow).join("\n")}

| outage | caller, transport, call | answers | slowest |
|---|---|---|---|
${probeTable}

**Other faults.**

| scenario | target | measured |
|---|---|---|
| PostgreSQL restarted under 50 connections (40 reading the catalogue, 5 signed in, 5 booking) | recovers within 5 s, errors only in that window, all 503 with Retry-After, every 201 booking stored | restart took ${restart.restartSeconds.toFixed(1)} s; ${restart.failures} of ${restart.requests} requests failed (${
      Object.entries(restart.failureStatuses)
        .map(([status, count]) => `${count} × ${status}`)
        .join(", ") || "none"
    }; ${restart.failuresWithoutRetryAfter} 503 without Retry-After); signed-in: ${restart.signedInFailures} of ${restart.signedInRequests} failed (${
      Object.entries(restart.signedInFailureStatuses)
        .map(([status, count]) => `${count} × ${status}`)
        .join(", ") || "none"
    }); the last failing request started ${restart.recoveredSecondsAfterRestart.toFixed(1)} s after PostgreSQL was back (slowest failure answered after ${restart.slowestFailureSeconds.toFixed(1)} s); ${restart.failuresOutsideWindow} failures outside the restart + 5 s window; ${restart.failuresStartedAfterBack} of ${restart.requestsStartedAfterBack} requests started once PostgreSQL was back failed; ${restart.bookingsFound} of ${restart.bookingsAnswered201} bookings answered 201 found |
| SIGTERM under 50 connections | in-flight requests finish, exit within 10 s | exit ${sigterm.exitCode ?? sigterm.exitSignal} after ${sigterm.exitSeconds.toFixed(1)} s; ${sigterm.inFlightBroken} in-flight requests broken of ${sigterm.requestsBeforeSignal} started before the signal |
| 20 concurrent bookings for one last place | exactly one succeeds | ${place.created} created, ${place.refused409} refused with 409${place.other.length ? `, others: ${place.other.join(", ")}` : ""} |
| the same Stripe event 20 times at once | one change | answers ${stripeEvent.answers.join(", ")}; payment ${stripeEvent.finalStatus}; ${stripeEvent.eventRows} stored event row |`,
    { outages: outageResults, restart, sigterm, place, stripeEvent },
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
