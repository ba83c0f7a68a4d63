// Part of `npm run lint`: the committed migrations are consistent (drizzle-kit check) and match the
// Drizzle schema, so generating from the schema finds nothing to add. A schema change without its
// migration fails here, before any test runs on a database the schema does not describe.
import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, rmSync } from "node:fs";
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
