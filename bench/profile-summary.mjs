// `node bench/profile-summary.mjs <file.cpuprofile> [top] [last-ms]`: the functions with the most self
// time in a V8 CPU profile (from `node --cpu-prof`), and the same grouped by package or source file, so
// a profile can be read without a browser's DevTools. With last-ms, only the samples of the profile's
// last last-ms milliseconds count (the measured requests, not the server's start-up).
import { readFileSync } from "node:fs";

const [file, topText = "25", lastText] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bench/profile-summary.mjs <file.cpuprofile> [top]");
  process.exit(1);
}
const top = Number(topText);
const profile = JSON.parse(readFileSync(file, "utf8"));

// Self time per node: each sample lands on one node; the deltas are the time since the sample before.
const selfMicros = new Map();
const from = lastText ? profile.endTime - Number(lastText) * 1000 : -Infinity;
let at = profile.startTime;
profile.samples.forEach((nodeId, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  at += delta;
  if (at < from) return;
  selfMicros.set(nodeId, (selfMicros.get(nodeId) ?? 0) + delta);
});
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);

function where(url) {
  if (!url) return "(native)";
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (modules) return modules.at(-1).replace("node_modules/", "");
  return url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "");
}

const byFunction = new Map();
const byPlace = new Map();
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  if (!micros) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const place = where(url);
  const name = `${functionName || "(anonymous)"}  ${place}${url ? `:${lineNumber + 1}` : ""}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
}

function print(title, map) {
  console.log(`\n${title}`);
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${(micros / 1000).toFixed(1).padStart(9)} ms ${((micros / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
}

console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
print("Self time by function", byFunction);
print("Self time by package or file", byPlace);
