// Replaces one generated section of bench/RESULTS.md, between <!-- name:start --> and <!-- name:end -->.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

const FILE = "bench/RESULTS.md";

export function writeSection(name, markdown, json) {
  mkdirSync("bench/.out", { recursive: true });
  if (json) writeFileSync(`bench/.out/${name}.json`, JSON.stringify(json, null, 2));
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const text = existsSync(FILE) ? readFileSync(FILE, "utf8") : "# Benchmark results\n";
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  writeFileSync(FILE, pattern.test(text) ? text.replace(pattern, block) : `${text.trimEnd()}\n\n${block}\n`);
  console.log(markdown);
}
