import PgBoss from "pg-boss";
import type { DatabaseHandle, Db } from "@/server/db/client";
import { JOB_QUEUES, JOB_SCHEMA, type QueueKey, type QueuePolicy } from "./queues";
import { drizzleExecutor, type SqlExecutor } from "./sql-executor";
import type { BookingAnnouncementJob } from "@/server/notifications/booking-announcement";

/**
 * The durable job queue: pg-boss on the app's own database, PostgreSQL or embedded PGlite alike
 * (see sql-executor.ts). Jobs are rows: they survive restarts, retry with backoff, and each is
 * handed to one worker at a time (`FOR UPDATE SKIP LOCKED`), however many app instances run.
 */

export type JobPayloads = {
  announceBooking: BookingAnnouncementJob;
  sendEmail: { outboxId: number };
  deliverWebhook: { deliveryId: number };
  sendReminders: Record<string, never>;
  chargeAutopay: { paymentId: number };
  extendSeries: Record<string, never>;
  compactOwedTotal: Record<string, never>;
  locateAddresses: Record<string, never>;
  forgetFieldActions: Record<string, never>;
};

export interface RunningJob<K extends QueueKey> {
  id: string;
  data: JobPayloads[K];
  /** Attempts before this one. */
  retryCount: number;
  retryLimit: number;
}

/** True on the last attempt the queue will make: a failure now is final. */
export function isLastAttempt(job: { retryCount: number; retryLimit: number }): boolean {
  return job.retryCount >= job.retryLimit;
}

export type JobHandlers = { [K in QueueKey]: (job: RunningJob<K>) => Promise<void> };

/** Creates or upgrades pg-boss's tables and our queues. Safe on every start, from several instances at once. */
export async function installJobQueue(handle: Pick<DatabaseHandle, "db" | "runScript">): Promise<void> {
  const boss = new PgBoss({
    db: drizzleExecutor(handle.db, handle.runScript),
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  boss.on("error", (error) => console.error("[jobs] install:", error));
  await boss.start();
  for (const queue of Object.values(JOB_QUEUES)) {
    const { name, ...policy } = queue;
    await boss.createQueue(name, { name, policy: "standard", ...policy });
    // A queue made by an older release keeps its old retry policy unless told the new one.
    await boss.updateQueue(name, { name, policy: "standard", ...policy });
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
 * commits, so a booking and its confirmation email are saved together or not at all.
 */
export async function enqueueJob<K extends QueueKey>(db: Db, queue: K, data: JobPayloads[K], options: EnqueueOptions = {}) {
  const id = await sender.send(JOB_QUEUES[queue].name, data, { db: drizzleExecutor(db), startAfter: options.startAfter });
  // pg-boss answers null, rather than failing, when the queue does not exist: never lose a job quietly.
  if (!id) throw new Error(`The job queue "${JOB_QUEUES[queue].name}" is not installed`);
  return id;
}

export interface WorkerOptions {
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds?: number;
  /** How often one instance fails jobs whose worker vanished and archives old ones. */
  maintenanceIntervalSeconds?: number;
  /** Jobs added every so often, at most one per period across all instances. */
  periodic?: Array<{ queue: PeriodicQueue; everySeconds: number }>;
  /** Tests shorten retry delays; production uses the policies in queues.ts. */
  policies?: Partial<Record<QueueKey, Partial<QueuePolicy>>>;
}

type PeriodicQueue = { [K in QueueKey]: JobPayloads[K] extends Record<string, never> ? K : never }[QueueKey];

export interface JobWorker {
  /** Stops taking jobs, lets the ones in hand finish (up to `timeoutMs`), and returns. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Two days, or longer than the longest periodic job's period. */
function completedJobsKeptSeconds(periodic: WorkerOptions["periodic"] = []) {
  return Math.max(2 * 86_400, ...periodic.map(({ everySeconds }) => everySeconds + 3600));
}

/**
 * Starts working every queue with its handler; one worker per app instance. pg-boss fetches,
 * completes, fails, retries, expires and archives; the loop that asks it for the next job is ours,
 * because pg-boss 10's own loop does not wait for a job's completion to be saved, and a database
 * error at that moment would become an unhandled rejection that stops the process.
 */
export async function startJobWorker(
  handle: Pick<DatabaseHandle, "db" | "runScript">,
  handlers: JobHandlers,
  options: WorkerOptions = {},
): Promise<JobWorker> {
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
    archiveCompletedAfterSeconds: completedJobsKeptSeconds(options.periodic),
  });
  boss.on("error", (error) => console.error("[jobs]", error));
  await boss.start();

  for (const [queue, policy] of Object.entries(options.policies ?? {}) as Array<[QueueKey, Partial<QueuePolicy>]>) {
    const { name, ...defaults } = JOB_QUEUES[queue];
    await boss.updateQueue(name, { name, policy: "standard", ...defaults, ...policy });
  }

  const pollingMs = (options.pollingIntervalSeconds ?? 2) * 1000;
  const loops = (Object.keys(JOB_QUEUES) as QueueKey[]).map((queue) =>
    workQueue(boss, JOB_QUEUES[queue].name, handlers[queue] as (job: RunningJob<QueueKey>) => Promise<void>, pollingMs),
  );
  const timers = (options.periodic ?? []).map(({ queue, everySeconds }) => {
    const add = () =>
      // One job per period, whichever instance asks first: the database refuses the others.
      boss
        .sendThrottled(JOB_QUEUES[queue].name, {}, {}, everySeconds, "periodic")
        .catch((error: unknown) => console.error(`[jobs] could not add the periodic ${queue} job`, error));
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

/**
 * Jobs taken from a queue at once, and run side by side. One at a time, each job cost a fetch that
 * reads its queue's whole partition (pg-boss keeps completed jobs two days, and the fetch's filter
 * on state is not selective enough for its index): a Saturday rush of bookings then outran its own
 * confirmation emails. A batch shares one fetch; its jobs are independent (each has its own lease,
 * retries and idempotency), and five at once stay well inside the database pool.
 */
export const JOBS_PER_FETCH = 5;

function workQueue(boss: PgBoss, name: string, handler: (job: RunningJob<QueueKey>) => Promise<void>, pollingMs: number) {
  let stopping = false;
  let wake = () => {};
  const loop = (async () => {
    while (!stopping) {
      const jobs =
        (await boss.fetch<JobPayloads[QueueKey]>(name, { batchSize: JOBS_PER_FETCH, includeMetadata: true }).catch(() => null)) ?? [];
      if (jobs.length === 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollingMs);
          wake = () => (clearTimeout(timer), resolve());
        });
        continue;
      }
      await Promise.all(jobs.map((job) => runJob(boss, name, handler, job)));
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

/** Runs one fetched job and records how it ended; never throws. */
async function runJob(
  boss: PgBoss,
  name: string,
  handler: (job: RunningJob<QueueKey>) => Promise<void>,
  job: PgBoss.JobWithMetadata<JobPayloads[QueueKey]>,
): Promise<void> {
  try {
    await withinSeconds(
      handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit }),
      job.expireInSeconds,
    );
    await boss.complete(name, job.id);
  } catch (error) {
    // If even this fails (the database went away), the job's lease runs out and it is tried again.
    await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) }).catch((failure: unknown) => {
      console.error(`[jobs] ${name} ${job.id} failed and could not be recorded`, error, failure);
    });
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
