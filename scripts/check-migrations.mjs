// Part of `npm run lint`: the committed migrations are numbered so that `npm run db:generate` writes
// the next one under the next free number, they are consistent (drizzle-kit check), and they match
// the Drizzle schema, so generating from the schema finds nothing to add. A schema change without its
// migration fails here, before any test runs on a database the schema does not describe.
import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const DRIZZLE = "drizzle";
const KIT = path.join("node_modules", ".bin", "drizzle-kit");
// Generating writes files: it runs on a copy, so the committed folder is never touched.
const COPY = path.join(".data", "migrations-check");

/** @param {string[]} args */
function run(args) {
  const result = spawnSync(KIT, args, { encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}${result.stderr}`);
    process.exit(result.status ?? 1);
  }
  return `${result.stdout}${result.stderr}`;
}

/** @param {string} folder */
const sqlFiles = (folder) => readdirSync(folder).filter((file) => file.endsWith(".sql"));

/**
 * drizzle-kit names a new migration after the journal's last entry: number `idx + 1`, written to
 * `<number>_<name>.sql` and `meta/<number>_snapshot.json`, diffed against the last snapshot file by
 * name. The migrator applies, in journal order, every entry whose `when` is later than the last one a
 * database recorded; it reads neither `idx` nor the number. So the numbering holds when every entry's
 * `idx` is its file's number, numbers follow each other, `when` grows, and every entry has exactly
 * its SQL file and snapshot.
 */
function numberingProblems() {
  // 0003 was never committed; the migrations after it keep their names because code and tests name them.
  const NEVER_USED = new Set([3]);
  /** @type {{ entries: Array<{ idx: number, when: number, tag: string }> }} */
  const journal = JSON.parse(readFileSync(path.join(DRIZZLE, "meta", "_journal.json"), "utf8"));
  /** @type {string[]} */
  const problems = [];
  /** @param {string} name */
  const numberOf = (name) => Number(/^(\d{4})_/.exec(name)?.[1] ?? Number.NaN);
  /** @param {number} number */
  const padded = (number) => String(number).padStart(4, "0");
  let previous;
  for (const entry of journal.entries) {
    const number = numberOf(entry.tag);
    if (Number.isNaN(number)) {
      problems.push(`journal entry ${entry.tag}: its tag does not start with a four-digit number`);
      continue;
    }
    if (entry.idx !== number) {
      problems.push(`journal entry ${entry.tag}: idx ${entry.idx} must be its file number, ${number}`);
    }
    if (previous) {
      let expected = numberOf(previous.tag) + 1;
      while (NEVER_USED.has(expected)) expected += 1;
      if (number !== expected) problems.push(`journal entry ${entry.tag} follows ${previous.tag}: expected ${padded(expected)}`);
      if (!(entry.when > previous.when)) {
        problems.push(`journal entry ${entry.tag}: "when" must be later than ${previous.tag}'s, or databases skip it`);
      }
    }
    previous = entry;
  }
  const tags = new Set(journal.entries.map((entry) => entry.tag));
  const files = sqlFiles(DRIZZLE).map((file) => file.slice(0, -".sql".length));
  for (const file of files) if (!tags.has(file)) problems.push(`drizzle/${file}.sql has no journal entry`);
  for (const tag of tags) if (!files.includes(tag)) problems.push(`journal entry ${tag} has no drizzle/${tag}.sql`);
  /** @type {Map<number, string>} */
  const seen = new Map();
  for (const file of files) {
    const number = numberOf(file);
    if (seen.has(number)) problems.push(`drizzle/${seen.get(number)}.sql and drizzle/${file}.sql share the number ${padded(number)}`);
    seen.set(number, file);
  }
  const snapshots = readdirSync(path.join(DRIZZLE, "meta")).filter((file) => file.endsWith("_snapshot.json"));
  const expectedSnapshots = journal.entries.map((entry) => `${entry.tag.slice(0, 4)}_snapshot.json`);
  for (const snapshot of expectedSnapshots) if (!snapshots.includes(snapshot)) problems.push(`drizzle/meta/${snapshot} is missing`);
  for (const snapshot of snapshots) {
    if (!expectedSnapshots.includes(snapshot)) problems.push(`drizzle/meta/${snapshot} belongs to no journal entry`);
  }
  return problems;
}

const problems = numberingProblems();
if (problems.length > 0) {
  console.error("The migrations' numbering is broken, so the next `npm run db:generate` would not write the next number:");
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
run(["check"]);
rmSync(COPY, { recursive: true, force: true });
cpSync(DRIZZLE, COPY, { recursive: true });
const schema = "./src/server/db/schema/index.ts";
const output = run([
  "generate",
  "--dialect",
  "postgresql",
  "--casing",
  "snake_case",
  "--schema",
  schema,
  "--out",
  COPY,
  "--name",
  "unexpected",
]);
const added = sqlFiles(COPY).filter((file) => !sqlFiles(DRIZZLE).includes(file));
rmSync(COPY, { recursive: true, force: true });
if (added.length > 0) {
  console.error("The Drizzle schema has changes no migration holds. Run `npm run db:generate` and commit the migration.");
  console.error(output);
  process.exit(1);
}
console.log("Migrations: consistent, and the schema has nothing they miss.");
