// The day's route optimizer on 40 stops (docs/product-rules.md#the-days-route): nearest neighbour,
// then 2-opt and swaps, with some fixed-time stops, over many random days around Austin. It must
// answer well under a second on a phone-sized day and a busy one alike. Beside it, the host's raw
// figure: building the same 40 × 40 road-distance table alone, the floor every order search pays.
//
// Run: npm run bench:route (BENCH_ROUTE_RUNS, default 300; BENCH_ROUTE_STOPS, default 40).
import os from "node:os";
import { performance } from "node:perf_hooks";
import { roadKm } from "../src/lib/route-distance.ts";
import { optimizeRoute, routeLengthKm } from "../src/server/driving-routes/optimize.ts";
import { machine, percentile } from "./lib.mjs";
import { writeSection } from "./results-file.mjs";

const RUNS = Number(process.env.BENCH_ROUTE_RUNS ?? 300);
const STOPS = Number(process.env.BENCH_ROUTE_STOPS ?? 40);
const START = { latitude: 30.2672, longitude: -97.7431 };

/** A repeatable random sequence (mulberry32), so every run measures the same days. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function randomDay(seed) {
  const next = random(seed);
  // Greater Austin, about 45 km across; one stop in eight has a time the customer chose.
  return Array.from({ length: STOPS }, () => ({
    point: { latitude: 30.1 + next() * 0.4, longitude: -97.95 + next() * 0.45 },
    fixed: next() < 0.125,
  }));
}

const ms = (value) => `${value.toFixed(2)} ms`;
const days = Array.from({ length: RUNS }, (_, i) => randomDay(i + 1));

// Warm up the JIT on days not measured.
for (let i = 0; i < 20; i++) optimizeRoute(START, randomDay(10_000 + i));

const loadBefore = os
  .loadavg()
  .map((value) => value.toFixed(1))
  .join(", ");
const optimizer = [];
const raw = [];
let savedShare = 0;
let neverLonger = true;
for (const day of days) {
  let started = performance.now();
  const [best] = optimizeRoute(START, day);
  optimizer.push(performance.now() - started);

  started = performance.now();
  let sink = 0;
  for (const a of day) for (const b of day) sink += roadKm(a.point, b.point);
  for (const stop of day) sink += roadKm(START, stop.point);
  raw.push(performance.now() - started);
  if (sink < 0) throw new Error("unreachable");

  const timeOrder = routeLengthKm(START, day);
  if (best.km > timeOrder + 1e-9) neverLonger = false;
  savedShare += (timeOrder - best.km) / timeOrder / days.length;
}
optimizer.sort((a, b) => a - b);
raw.sort((a, b) => a - b);
const loadAfter = os
  .loadavg()
  .map((value) => value.toFixed(1))
  .join(", ");

const markdown = `### Route optimizer (\`npm run bench:route\`), ${new Date().toISOString().slice(0, 10)}

Machine: ${machine()}; load average ${loadBefore} → ${loadAfter}. ${RUNS} random days of ${STOPS} stops around Austin (one in eight fixed-time),
nearest neighbour then 2-opt and swaps from a downtown start, in one Node process after a warm-up. Raw: building the same
${STOPS} × ${STOPS} road-distance table alone, in the same loop.

| what | median | p95 | max |
|---|---|---|---|
| optimizer, ${STOPS} stops | ${ms(percentile(optimizer, 50))} | ${ms(percentile(optimizer, 95))} | ${ms(optimizer.at(-1))} |
| raw: distance table only | ${ms(percentile(raw, 50))} | ${ms(percentile(raw, 95))} | ${ms(raw.at(-1))} |

Driving saved against the time order: ${(savedShare * 100).toFixed(0)} % on average; never longer than the time order: ${neverLonger ? "yes" : "NO"}.`;

writeSection("route", markdown, { runs: RUNS, stops: STOPS, optimizer, raw, savedShare, neverLonger });
if (!neverLonger || percentile(optimizer, 95) > 500) process.exitCode = 1;
