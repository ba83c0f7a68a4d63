import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { z } from "zod";
import type { DatabaseHandle, Db } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { rowsOf } from "@/server/db/rows";
import type { JobDefinition, JobQueue, RunningJob } from "./job-definition";
import { JOB_SCHEMA, type QueuePolicy } from "./queues";
import { drizzleExecutor, type SqlExecutor } from "./sql-executor";

/**
 * The durable job queue: pg-boss on the app's own database, PostgreSQL or embedded PGlite alike
 * (see sql-executor.ts). Jobs are rows: they survive restarts, retry with backoff, and each is
 * handed to one worker at a time (`FOR UPDATE SKIP LOCKED`), however many app instances run.
 * What the jobs are is not known here: each domain defines its own (job-definition.ts), and the
 * app's composition root lists them.
 */

/** Definitions of different payloads in one list (`run` is a method, so each fits). */
export type JobDefinitions = ReadonlyArray<JobDefinition<unknown>>;

/** Creates or upgrades pg-boss's tables and the definitions' queues. Safe on every start, from several instances at once. */
export async function installJobQueue(handle: Pick<DatabaseHandle, "db" | "runScript">, definitions: JobDefinitions): Promise<void> {
  const boss = new PgBoss({
    db: drizzleExecutor(handle.db, handle.runScript),
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  boss.on("error", (error) => console.error("[jobs] install:", error));
  await boss.start();
  for (const { name, policy } of byName(definitions).values()) {
    await boss.createQueue(name, { name, policy: "standard", ...policy });
    // A queue made by an older release keeps its old retry policy unless told the new one.
    await boss.updateQueue(name, { name, policy: "standard", ...policy });
  }
  await indexFetchOrder(handle.db);
}

/**
 * pg-boss takes a queue's next jobs in (priority desc, created_on, id) order, but indexes waiting
 * jobs by (name, start_after) only: with a backlog (the confirmation emails of a rush of bookings)
 * every fetch read and sorted every waiting job, 2 ms a fetch at a thousand waiting, more as it
 * grows. An index in that order, on each queue's table, lets a fetch read its next few jobs
 * alone (0.09 ms). Two instances starting together may race to make one: the loser finds it made.
 */
async function indexFetchOrder(db: Db) {
  // Only the tables without it: CREATE INDEX locks its table even when the index is there, and
  // would hold up the jobs a booking adds while an instance starts.
  const partitions = rowsOf<{ relname: string }>(
    await db.execute(
      sql`select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = ${`${JOB_SCHEMA}.job`}::regclass
          and not exists (select 1 from pg_class x where x.relname = c.relname || '_next' and x.relnamespace = c.relnamespace)`,
    ),
  );
  for (const { relname } of partitions) {
    await db
      .execute(
        sql.raw(
          `CREATE INDEX IF NOT EXISTS "${relname}_next" ON ${JOB_SCHEMA}."${relname}" (name, priority DESC, created_on, id) WHERE state < 'active'`,
        ),
      )
      .catch((error: unknown) => {
        if (!isUniqueViolation(error) && (error as { code?: unknown }).code !== "42P07") throw error;
      });
  }
}

// Sending only builds an INSERT, run on the caller's database or transaction; this instance never
// starts and never touches a database of its own.
const unusedExecutor: SqlExecutor = {
  executeSql: () => Promise.reject(new Error("Jobs are added through the caller's database")),
};
const sender = new PgBoss({ db: unusedExecutor, schema: JOB_SCHEMA });

export interface EnqueueOptions {
  /** Not before this moment. */
  startAfter?: Date;
}

/**
 * Adds a job on `db`, which may be a transaction: the job then exists only if the transaction
 * commits, so a booking and its confirmation email are saved together or not at all. A payload its
 * schema refuses throws before anything is written.
 */
export async function enqueueJob<Payload>(db: Db, queue: JobQueue<Payload>, data: Payload, options: EnqueueOptions = {}) {
  const checked = queue.payload.safeParse(data);
  if (!checked.success) throw new Error(`A ${queue.name} job's payload is refused: ${z.prettifyError(checked.error)}`);
  const id = await sender.send(queue.name, checked.data as object, { db: drizzleExecutor(db), startAfter: options.startAfter });
  // pg-boss answers null, rather than failing, when the queue does not exist: never lose a job quietly.
  if (!id) throw new Error(`The job queue "${queue.name}" is not installed`);
  return id;
}

export interface WorkerOptions {
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds?: number;
  /** How often one instance fails jobs whose worker vanished and archives old ones. */
  maintenanceIntervalSeconds?: number;
  /** Whether periodic definitions get their jobs added (yes unless a test says otherwise). */
  periodic?: boolean;
  /** Tests shorten retry delays, by queue name; production uses each definition's policy. */
  policies?: Record<string, Partial<QueuePolicy>>;
  /** What background work gives way to (the server's requests); nothing when left out. */
  givesWayTo?: Busy;
}

/**
 * Something busy that background work gives way to: resolves once it is idle, or after `ms`
 * whatever happens.
 */
export interface Busy {
  idleOrAfter(ms: number): Promise<void>;
}

/**
 * The longest the worker gives way to the server's requests. While a request is in flight it waits
 * before it fetches, until none is or for this long: during a rush of bookings the worker's work (an
 * announcement and two emails a booking) no longer takes a share of the two cores from the bookings
 * themselves (bench/RESULTS.md, issue 42). A batch whose oldest job has waited this long since it
 * came due shows the worker behind: it then fetches again at once until it has caught up, so in a
 * rush longer than this the jobs run about this late rather than ever later. A confirmation email
 * arrives within about twice this (the announcement, then the email), while the customer already
 * has the booking's reference on screen. Jobs wait as they were queued, never taken: should the
 * process die meanwhile, another takes them at once, not after a lease runs out.
 */
export const GIVE_WAY_AT_MOST_MS = 15_000;

export interface JobWorker {
  /** Stops taking jobs, lets the ones in hand finish (up to `timeoutMs`), and returns. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Two days, or longer than the longest periodic job's period. */
function completedJobsKeptSeconds(definitions: JobDefinitions) {
  return Math.max(2 * 86_400, ...definitions.map(({ everySeconds = 0 }) => everySeconds + 3600));
}

/**
 * Starts working every definition's queue; one worker per app instance. pg-boss fetches,
 * completes, fails, retries, expires and archives; the loop that asks it for the next job is ours,
 * because pg-boss 10's own loop does not wait for a job's completion to be saved, and a database
 * error at that moment would become an unhandled rejection that stops the process.
 */
export async function startJobWorker(
  handle: Pick<DatabaseHandle, "db" | "runScript">,
  definitions: JobDefinitions,
  options: WorkerOptions = {},
): Promise<JobWorker> {
  const queues = byName(definitions);
  for (const name of Object.keys(options.policies ?? {})) {
    if (!queues.has(name)) throw new Error(`A policy names the queue "${name}", which this worker does not work`);
  }
  const periodic = options.periodic === false ? [] : [...queues.values()].filter((definition) => definition.everySeconds);
  // Checked before anything starts: a periodic job's payload is always `{}`.
  const periodicJobs = periodic.map((definition) => ({ definition, data: definition.payload.parse({}) as object }));

  const boss = new PgBoss({
    db: drizzleExecutor(handle.db, handle.runScript),
    schema: JOB_SCHEMA,
    migrate: true,
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    // Failed jobs stay listed for staff for a week before they are archived.
    archiveFailedAfterSeconds: 7 * 24 * 3600,
    // A periodic job is "once per period" only while the period's job is still in the table, so
    // completed jobs outlive the longest period (pg-boss refuses a longer throttle otherwise).
    archiveCompletedAfterSeconds: completedJobsKeptSeconds(periodic),
  });
  boss.on("error", (error) => console.error("[jobs]", error));
  await boss.start();

  for (const [name, policy] of Object.entries(options.policies ?? {})) {
    await boss.updateQueue(name, { name, policy: "standard", ...queues.get(name)?.policy, ...policy });
  }

  const pollingMs = (options.pollingIntervalSeconds ?? 2) * 1000;
  const partitions = await partitionsOf(handle.db);
  const loops = [...queues.values()].map((definition) =>
    workQueue(boss, handle.db, definition, {
      pollingMs,
      partition: onPartition(drizzleExecutor(handle.db), partitions.get(definition.name)),
      givesWayTo: options.givesWayTo,
    }),
  );
  const timers = periodicJobs.map(({ definition: { name, everySeconds = 0 }, data }) => {
    const add = () =>
      // One job per period, whichever instance asks first: the database refuses the others.
      boss
        .sendThrottled(name, data, {}, everySeconds, "periodic")
        .catch((error: unknown) => console.error(`[jobs] could not add the periodic ${name} job`, error));
    void add();
    return setInterval(add, Math.min(everySeconds, 60) * 1000);
  });

  return {
    async stop(timeoutMs = 5000) {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(loops.map((loop) => loop.stop(timeoutMs)));
      await boss.stop({ graceful: false, close: false });
    },
  };
}

/** The definitions by queue name; two of one name would be one queue run two ways. */
function byName(definitions: JobDefinitions): Map<string, JobDefinition<unknown>> {
  const queues = new Map<string, JobDefinition<unknown>>();
  for (const definition of definitions) {
    if (queues.has(definition.name)) throw new Error(`Two job definitions name the queue "${definition.name}"`);
    queues.set(definition.name, definition);
  }
  return queues;
}

/**
 * Jobs taken from a queue at once, and run side by side. One at a time, each job cost a fetch that
 * reads its queue's whole partition (pg-boss keeps completed jobs two days, and the fetch's filter
 * on state is not selective enough for its index): a Saturday rush of bookings then outran its own
 * confirmation emails. A batch shares one fetch; its jobs are independent (each has its own lease,
 * retries and idempotency), and five at once stay well inside the database pool.
 */
export const JOBS_PER_FETCH = 5;

/** The partition pg-boss keeps each queue's jobs in, by queue name. */
async function partitionsOf(db: Db): Promise<Map<string, string>> {
  const rows = rowsOf<{ name: string; partition_name: string | null }>(
    await db.execute(sql`select name, partition_name from ${sql.identifier(JOB_SCHEMA)}.queue`),
  );
  return new Map(rows.flatMap(({ name, partition_name }) => (partition_name ? [[name, partition_name] as const] : [])));
}

const JOB_TABLE = new RegExp(`\\b${JOB_SCHEMA}\\.job\\b`, "g");

/**
 * pg-boss's own statements for a queue's jobs, sent to the queue's partition instead of the job
 * table they are split from. Over the parent table, a prepared fetch or completion was either planned
 * afresh at every call for its partition (0.55 ms of PostgreSQL's time a fetch) or, once PostgreSQL
 * settled on a plan for every partition, run through all of them: 5 ms a fetch with a rush's emails
 * waiting, and the emails then trailed the rush by half a minute more (bench/RESULTS.md, issue 42).
 * On the partition the same statement has one table to plan for. Without a partition (none is
 * known), they go to the job table as pg-boss wrote them.
 */
export function onPartition(executor: SqlExecutor, partition: string | undefined): SqlExecutor {
  if (!partition) return executor;
  const table = `${JOB_SCHEMA}."${partition.replaceAll('"', '""')}"`;
  return { executeSql: (text, values) => executor.executeSql(text.replace(JOB_TABLE, table), values) };
}

/**
 * How much longer a batch's jobs could have waited: none once its oldest has waited
 * GIVE_WAY_AT_MOST_MS since it came due (a retry comes due again), which shows the worker behind.
 * Never more than that from now, whatever the database's clock says.
 */
export function givingWayMs(jobs: ReadonlyArray<{ startAfter: Date | string }>, now = Date.now()): number {
  // pg-boss hands the column on as the driver read it: text from postgres.js, a Date from PGlite.
  const due = Math.min(...jobs.map((job) => new Date(job.startAfter).getTime()));
  const waited = now - due;
  return Number.isFinite(waited) ? Math.max(0, Math.min(GIVE_WAY_AT_MOST_MS, GIVE_WAY_AT_MOST_MS - waited)) : 0;
}

interface QueueLoopOptions {
  pollingMs: number;
  partition: SqlExecutor;
  givesWayTo: Busy | undefined;
}

function workQueue(boss: PgBoss, db: Db, definition: JobDefinition<unknown>, { pollingMs, partition, givesWayTo }: QueueLoopOptions) {
  let stopping = false;
  let wake = () => {};
  /** Waits `ms`, or less when the loop stops. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => (clearTimeout(timer), resolve());
    });
  /** Waits until the server is idle or for GIVE_WAY_AT_MOST_MS, or less when the loop stops. */
  const giveWay = (busy: Busy) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      void busy.idleOrAfter(GIVE_WAY_AT_MOST_MS).then(resolve);
    });
  let behind = false;
  const loop = (async () => {
    while (!stopping) {
      if (givesWayTo && !behind) {
        await giveWay(givesWayTo);
        if (stopping) break;
      }
      const fetching = boss.fetch(definition.name, { batchSize: JOBS_PER_FETCH, includeMetadata: true, db: partition });
      const jobs = (await fetching.catch(() => null)) ?? [];
      if (jobs.length === 0) {
        behind = false;
        await pause(pollingMs);
        continue;
      }
      behind = givingWayMs(jobs) === 0;
      const done = await Promise.all(jobs.map((job) => runJob(boss, db, definition, job)));
      await completeTogether(
        boss,
        definition.name,
        jobs.filter((_, index) => done[index]),
        partition,
      );
    }
  })();
  return {
    async stop(timeoutMs: number) {
      stopping = true;
      wake();
      await Promise.race([loop, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
    },
  };
}

/**
 * The batch's finished jobs, completed in one statement once all have run, on the queue's partition
 * (onPartition): one completion a call was 0.2 ms of PostgreSQL's time, three a booking
 * (bench/RESULTS.md, issue 42). Should it fail (the database went away), their
 * leases run out and they are tried again, which each job's idempotency makes harmless, as when a
 * process dies between a job's work and its completion.
 */
async function completeTogether(
  boss: PgBoss,
  name: string,
  finished: ReadonlyArray<{ id: string }>,
  partition: SqlExecutor,
): Promise<void> {
  if (finished.length === 0) return;
  // pg-boss 10 takes (name, ids, data, options); its types leave out data beside a list of ids.
  const complete = boss.complete.bind(boss) as unknown as (
    name: string,
    ids: string[],
    data: null,
    options: PgBoss.ConnectionOptions,
  ) => Promise<unknown>;
  await complete(
    name,
    finished.map((job) => job.id),
    null,
    { db: partition },
  ).catch((error: unknown) => console.error(`[jobs] ${name}: ${finished.length} finished job(s) could not be recorded`, error));
}

/** Runs one fetched job; records a failure, and says whether it finished (to be completed with its batch). Never throws. */
async function runJob(boss: PgBoss, db: Db, definition: JobDefinition<unknown>, job: PgBoss.JobWithMetadata<unknown>): Promise<boolean> {
  const { name } = definition;
  try {
    const data = definition.payload.safeParse(job.data);
    if (!data.success) {
      // No attempt can read this payload: the job gives up now rather than retry for hours.
      // Should that fail, it is only tried again.
      await db
        .execute(sql`update ${sql.identifier(JOB_SCHEMA)}.job set retry_limit = retry_count where name = ${name} and id = ${job.id}::uuid`)
        .catch(() => {});
      throw new Error(`The job's data is not a ${name} payload: ${z.prettifyError(data.error)}`);
    }
    const running: RunningJob<unknown> = { id: job.id, data: data.data, retryCount: job.retryCount, retryLimit: job.retryLimit };
    await withinSeconds(definition.run(db, running), job.expireInSeconds);
    return true;
  } catch (error) {
    // If even this fails (the database went away), the job's lease runs out and it is tried again.
    await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) }).catch((failure: unknown) => {
      console.error(`[jobs] ${name} ${job.id} failed and could not be recorded`, error, failure);
    });
    return false;
  }
}

/** A handler that outlives its lease has lost its job to another worker: stop waiting for it. */
function withinSeconds(work: Promise<void>, seconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The job took longer than ${seconds} s`)), Math.max(1, seconds) * 1000);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
