// Lists import cycles between the folders of src/server (type-only imports
// included) and fails when there is one: each folder is a floor, and a floor
// may only import the floors below it. Run: node scripts/check-folder-cycles.mjs
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const serverDir = path.join(root, "src/server");
const importPattern = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/**
 * The folder (or top-level file) of src/server a path belongs to, or null outside it.
 * @param {string} file
 */
function unitOf(file) {
  const relative = path.relative(serverDir, file);
  if (relative.startsWith("..")) return null;
  return (relative.split(path.sep)[0] ?? "").replace(/\.(ts|tsx|mjs)$/, "");
}

/** @param {string} from @param {string} specifier */
function resolveImport(from, specifier) {
  if (specifier.startsWith("@/")) return path.join(root, "src", specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(from), specifier);
  return null;
}

/** @type {Map<string, Map<string, string>>} each folder, the folders it imports, and an example import of each */
const edges = new Map();
for (const file of sourceFiles(serverDir)) {
  const from = unitOf(file) ?? "";
  const targets = edges.get(from) ?? new Map();
  edges.set(from, targets);
  for (const match of readFileSync(file, "utf8").matchAll(importPattern)) {
    const specifier = match[1] ?? match[2] ?? "";
    const target = resolveImport(file, specifier);
    const to = target && unitOf(target);
    if (!to || to === from || targets.has(to)) continue;
    targets.set(to, `${path.relative(root, file)} imports ${specifier}`);
  }
}

// Tarjan's strongly connected components: every component of more than one
// folder is a circle.
/** @type {Map<string, number>} */
const order = new Map();
/** @type {string[]} */
const stack = [];
const onStack = new Set();
/** @type {string[][]} */
const circles = [];
let counter = 0;
/** @param {string} unit @returns {number} the lowest index reachable from it on the stack */
function visit(unit) {
  const index = counter++;
  order.set(unit, index);
  let lowest = index;
  stack.push(unit);
  onStack.add(unit);
  for (const next of edges.get(unit)?.keys() ?? []) {
    if (!order.has(next)) {
      lowest = Math.min(lowest, visit(next));
    } else if (onStack.has(next)) {
      lowest = Math.min(lowest, order.get(next) ?? index);
    }
  }
  if (lowest === index) {
    const component = [];
    let member;
    do {
      member = stack.pop() ?? unit;
      onStack.delete(member);
      component.push(member);
    } while (member !== unit);
    if (component.length > 1) circles.push(component.sort());
  }
  return lowest;
}
for (const unit of edges.keys()) if (!order.has(unit)) visit(unit);

if (circles.length === 0) {
  console.log(`src/server: ${edges.size} folders and files import each other with no circle`);
} else {
  for (const circle of circles) {
    console.error(`Import circle between ${circle.length} folders of src/server: ${circle.join(", ")}`);
    const members = new Set(circle);
    for (const from of circle) {
      for (const [to, example] of edges.get(from) ?? []) {
        if (members.has(to)) console.error(`  ${from} -> ${to}  (${example})`);
      }
    }
  }
  process.exitCode = 1;
}
