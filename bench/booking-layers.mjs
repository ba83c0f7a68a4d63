// `node bench/booking-layers.mjs [bookings]`: where a booking's cost lies between the floor and the
// app (issue 42). The same rush (50 connections, each booking from its own address across 30 days)
// goes, in turn, to four servers on fresh copies of the same data:
//   floor   bench/floor-server.mjs: node:http and postgres.js doing only what a booking must;
//   domain  bench/domain-server.ts: the booking's own code (zod, bookWithinLimits, Drizzle) behind a bare node:http server;
//   app     the production server, its job worker off: the domain plus Next.js, the REST path and tRPC;
//   app+jobs the production server as it runs (and as bench:writes measures it): announcements and emails during the rush.
// For each: bookings a second, p50 / p97.5, and the CPU a booking of the server process and of PostgreSQL
// (every process of the cluster) during the rush. Run it on a cluster of its own (BENCH_DATABASE_URL) and
// with nothing else running; BENCH_RUNS rounds alternate the four.
import { spawn } from "node:child_process";
import os from "node:os";
import autocannon from "autocannon";
import postgres from "postgres";
import { bookingBody, buildIfNeeded, clusterCpu, cpuOf, freshDatabase, fromClient, machine, startServer } from "./lib.mjs";
import { seedVisits } from "./visits-data.mjs";

const COUNT = Number(process.argv[2] ?? 3000);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const LAYERS = (process.env.BENCH_LAYERS ?? "floor,domain,app,app+jobs").split(",");
const PORT = { floor: 3312, domain: 3311, app: 3310, "app+jobs": 3313 };
/** Resolves once anything answers at `url` (a 404 included). */
async function answersAtAll(url, timeoutMs) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
    try {
      await (await fetch(url)).arrayBuffer();
      return;
    } catch {
      // not listening yet
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** A child process serving on `port`, stopped with SIGTERM. */
async function startChild(args, port, env) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  await answersAtAll(`http://127.0.0.1:${port}/`, 120_000);
  return { pid: child.pid, stop: () => new Promise((resolve) => child.on("exit", resolve).kill("SIGTERM")) };
}

/** A fresh database with the bench business (made by the app's migrations and seed), served by the layer. */
async function serve(layer, url) {
  const port = PORT[layer];
  if (layer === "floor") {
    return startChild(["bench/floor-server.mjs"], port, { FLOOR_DATABASE_URL: url, FLOOR_PORT: String(port), FLOOR_CREWS: "40" });
  }
  const appEnv = { DATABASE_URL: url, SEED_DEMO_DATA: "false", JOB_WORKER: layer === "app+jobs" ? "true" : "false" };
  const app = await startServer({ port: layer === "domain" ? PORT.app : port, env: appEnv });
  await seedVisits(url);
  if (layer !== "domain") return { pid: app.child.pid, stop: () => app.stop() };
  await app.stop();
  return startChild(["--import", "tsx", "bench/domain-server.ts"], port, {
    ...appEnv,
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    NODE_ENV: "production",
  });
}

function rush(port, amount, body) {
  let index = 0;
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: `http://127.0.0.1:${port}/api/bookings`,
        connections: 50,
        amount,
        method: "POST",
        headers: { "content-type": "application/json" },
        requests: [
          { setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...fromClient(index) }, body: body(index++) }) },
        ],
      },
      (error, value) => (error ? reject(error) : resolve(value)),
    ),
  );
}

buildIfNeeded();
console.log(`${machine()}; ${COUNT} bookings a rush, ${RUNS} round(s)`);
console.log("| layer | bookings/s | p50 / p97.5 | server CPU a booking | PostgreSQL CPU a booking | load (1 min) before → after |");
console.log("|---|---|---|---|---|---|");
for (let run = 0; run < RUNS; run++) {
  for (const layer of LAYERS) {
    const url = await freshDatabase(`greenscape_bench_layers_${layer.replace("+", "_")}`);
    const server = await serve(layer, url);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      if (layer !== "floor") await sql`update crews set active = (position <= 40)`;
      await sql`vacuum analyze`;
      const [{ pid }] = await sql`select pg_backend_pid() as pid`;
      const postmaster = cpuOf(pid).parent;
      // Warm the pool and the code on days after the measured ones.
      await rush(PORT[layer], 1000, (index) => bookingBody(index, { days: 20, firstDay: 200, emailPrefix: "warm" }));
      const loadBefore = os.loadavg()[0];
      const before = { server: cpuOf(server.pid).own, database: clusterCpu(postmaster) };
      const result = await rush(PORT[layer], COUNT, (index) => bookingBody(index, { days: 30 }));
      const booked = result["2xx"];
      const serverMs = (cpuOf(server.pid).own - before.server) / booked;
      const databaseMs = (clusterCpu(postmaster) - before.database) / booked;
      const other = result.non2xx + result.errors ? ` (${result.non2xx} other, ${result.errors} errors)` : "";
      console.log(
        `| ${layer} | ${Math.round(result.requests.average)}${other} | ${result.latency.p50} / ${result.latency.p97_5} ms | ` +
          `${serverMs.toFixed(2)} ms | ${databaseMs.toFixed(2)} ms | ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} |`,
      );
    } finally {
      await sql.end({ timeout: 5 });
      await server.stop();
    }
  }
}
