// `npm run bench:crew`: the Lighthouse score of the crew's phone page (/crew) on a phone: mobile
// emulation, simulated 4G and CPU slowdown (BENCH_CPU_SLOWDOWN, 4 by default), with a crew member's
// session on a crew day of eight stops, against the production build on PostgreSQL. BENCH_RUNS (3)
// runs give the median; the median run's report lands in bench/.out/lhr-crew.json. BENCH_PORT moves
// it off port 3320.
import { hash } from "@node-rs/argon2";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import postgres from "postgres";
import { buildIfNeeded, freshDatabase, machine, staffCookie, startServer } from "./lib.mjs";
import { writeSection } from "./results-file.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3320);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"];
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 1);
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const STOPS = ["04:00", "05:00", "06:00", "07:00", "08:00", "18:00", "19:00", "20:00"];
const CREW = { username: "bench_crew", password: "bench-crew-password" };
const TARGETS = { performance: 90, accessibility: 100, "best-practices": 95 };
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** An Austin wall-clock time today as an instant, whatever the host's zone. */
function austinToday(time) {
  const now = new Date();
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(now);
  const offset = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", timeZoneName: "longOffset" })
    .formatToParts(now)
    .find((part) => part.type === "timeZoneName")
    ?.value.replace("GMT", "");
  return new Date(`${date}T${time}:00${offset || "-06:00"}`);
}

async function api(method, path, cookie, body) {
  const response = await fetch(`${BASE}/api${path}`, {
    method,
    headers: { cookie, "content-type": "application/json", origin: BASE },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A crew, a crew member and their day, made by the owner through the API (the member written directly). */
async function seedCrewDay(url, ownerCookie) {
  const crew = await api("POST", "/crews", ownerCookie, { name: "Bench crew" });
  const [service] = await api("GET", "/services", ownerCookie);
  const customers = await api("GET", "/customers?limit=8", ownerCookie);
  for (const [index, time] of STOPS.entries()) {
    const start = austinToday(time);
    await api("POST", "/schedules", ownerCookie, {
      customerId: customers[index % customers.length].id,
      serviceId: service.id,
      crewId: crew.id,
      date: start.toISOString(),
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 45 * 60_000).toISOString(),
      status: "confirmed",
      specialInstructions: index % 2 === 0 ? "Gate code 4821, dog in the back" : null,
    });
  }
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const passwordHash = await hash(CREW.password, { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 });
    await sql`insert into staff_users (username, password_hash, full_name, email, role, crew_id)
      values (${CREW.username}, ${passwordHash}, 'Bench Crew', 'bench.crew@example.com', 'crew', ${crew.id})`;
  } finally {
    await sql.end({ timeout: 5 });
  }
  const login = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(CREW),
  });
  if (!login.ok) throw new Error(`crew login failed: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function main() {
  buildIfNeeded();
  const url = await freshDatabase(`greenscape_bench_crew_${PORT}`);
  const server = await startServer({ port: PORT, env: { DATABASE_URL: url } });
  try {
    const cookie = await seedCrewDay(url, await staffCookie(PORT));
    const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: FLAGS });
    const runs = [];
    try {
      for (let run = 0; run < RUNS; run += 1) {
        const { lhr } = await lighthouse(`${BASE}/crew`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices"],
          extraHeaders: { cookie },
          throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN },
        });
        const landed = new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl).pathname;
        if (landed !== "/crew") throw new Error(`/crew ended on ${landed}: the crew session was not accepted`);
        const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
        runs.push({
          lhr,
          performance: score("performance"),
          accessibility: score("accessibility"),
          "best-practices": score("best-practices"),
          tbt: Math.round(audit("total-blocking-time")),
          lcp: Math.round(audit("largest-contentful-paint")),
          cls: Number(audit("cumulative-layout-shift").toFixed(3)),
        });
        console.log(runs.at(-1).performance, runs.at(-1).accessibility, runs.at(-1)["best-practices"]);
      }
    } finally {
      chrome.kill();
    }
    mkdirSync("bench/.out", { recursive: true });
    const middle = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor((runs.length - 1) / 2)];
    writeFileSync("bench/.out/lhr-crew.json", JSON.stringify(middle.lhr));
    const row = Object.fromEntries(
      ["performance", "accessibility", "best-practices", "tbt", "lcp", "cls"].map((key) => [key, median(runs.map((run) => run[key]))]),
    );
    const mark = (key) => (row[key] >= TARGETS[key] ? "" : " ✗");
    writeSection(
      "crew-page",
      `### The crew's phone page (\`npm run bench:crew\`), ${new Date().toISOString().slice(0, 10)}

Machine: ${machine()}; load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(", ")} at the end. Lighthouse 12, mobile
(simulated 4G, CPU slowdown ${CPU_SLOWDOWN}×), with a crew member's session on a day of ${STOPS.length} stops, production build on
PostgreSQL; ${RUNS} runs, medians (performance of each run: ${runs.map((run) => run.performance).join(", ")}). Targets: performance ≥ 90,
accessibility 100, best practices ≥ 95 (✗ marks a miss).

| page | performance | accessibility | best practices | TBT | LCP | CLS |
|---|---|---|---|---|---|---|
| /crew | ${row.performance}${mark("performance")} | ${row.accessibility}${mark("accessibility")} | ${row["best-practices"]}${mark("best-practices")} | ${row.tbt} ms | ${(row.lcp / 1000).toFixed(1)} s | ${row.cls} |`,
      row,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
