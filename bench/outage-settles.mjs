// `node bench/outage-settles.mjs [prepare]`: does every query settle when its connection is terminated
// mid-transaction while the database refuses new connections, with prepared statements or without
// (issue 42)? Six rounds on a database of its own: a transaction with queries queued behind a running
// one is cut off (allow_connections false, then pg_terminate_backend), three queries are asked during
// the outage and one right after it ends. Prints how each settled; "HUNG" is one not settled in 15 s.
// postgres.js 3.4.9 also throws from a write scheduled after its socket closed (an uncaught TypeError)
// and leaves rejections unhandled here: they are counted, not let stop the run.
import postgres from "postgres";
import { ADMIN_URL, databaseUrl } from "./lib.mjs";

const NAME = "greenscape_outage_settles";
const prepare = process.argv[2] === "prepare";
const counts = { unhandledRejections: 0, uncaughtExceptions: 0 };
process.on("unhandledRejection", () => counts.unhandledRejections++);
process.on("uncaughtException", () => counts.uncaughtExceptions++);

const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`drop database if exists ${NAME}`);
await admin.unsafe(`create database ${NAME}`);
// The app's pool settings (src/server/db/client.ts).
const sql = postgres(databaseUrl(NAME), { max: 4, connect_timeout: 3, backoff: () => 0.25, onnotice: () => {}, prepare });
await sql`create table t (id int)`;

const settled = (query, ms = 15_000) =>
  Promise.race([
    query.then(
      () => "ok",
      (error) => `rejected ${error.code ?? error.message}`,
    ),
    new Promise((resolve) => setTimeout(() => resolve("HUNG"), ms)),
  ]);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const outcomes = {};
for (let round = 0; round < 6; round++) {
  const transaction = sql.begin(async (tx) => {
    await tx`select ${1}::int`;
    await Promise.all([tx`select pg_sleep(${0.5})`, tx`select ${2}::int`, tx`insert into t values (${round})`]);
  });
  await pause(100);
  await admin.unsafe(`alter database ${NAME} with allow_connections false`);
  await admin.unsafe(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${NAME}'`);
  const during = [1, 2, 3].map((n) => settled(sql`select ${n}::int`));
  await pause(2000);
  await admin.unsafe(`alter database ${NAME} with allow_connections true`);
  const outcome = `transaction ${await settled(transaction)} | during ${(await Promise.all(during)).join(", ")} | after ${await settled(sql`select ${9}::int`)}`;
  outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
}
console.log(prepare ? "prepared statements" : "not prepared", outcomes, counts);
await sql.end({ timeout: 1 }).catch(() => {});
await admin.unsafe(`drop database if exists ${NAME} with (force)`);
await admin.end();
process.exit(0);
