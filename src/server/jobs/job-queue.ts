import PgBoss from "pg-boss";
import type { DatabaseHandle, Db } from "@/server/db/client";
import { JOB_QUEUES, JOB_SCHEMA, type QueueKey, type QueuePolicy } from "./queues";
import { drizzleExecutor, type SqlExecutor } from "./sql-executor";

/**
 * The durable job queue: pg-boss on the app's own database, PostgreSQL or embedded PGlite alike
 * (see sql-executor.ts). Jobs are rows: they survive restarts, retry with backoff, and each is
 * handed to one worker at a time (`FOR UPDATE SKIP LOCKED`), however many app instances run.
 */

export type JobPayloads = {
  sendEmail: { outboxId: number };
  deliverWebhook: { deliveryId: number };
  sendReminders: Record<string, never>;
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
  /** Periodic jobs (cron, in Austin time). */
  schedules?: Array<{ queue: QueueKey; cron: string }>;
  /** Tests shorten retry delays; production uses the policies in queues.ts. */
  policies?: Partial<Record<QueueKey, Partial<QueuePolicy>>>;
}

export interface JobWorker {
  /** Stops taking jobs, lets the ones in hand finish (up to `timeoutMs`), and returns. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Starts working every queue with its handler; one per app instance. */
export async function startJobWorker(
  handle: Pick<DatabaseHandle, "db" | "runScript">,
  handlers: JobHandlers,
  options: WorkerOptions = {},
): Promise<JobWorker> {
  const boss = new PgBoss({
    db: drizzleExecutor(handle.db, handle.runScript),
    schema: JOB_SCHEMA,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    // Failed jobs stay listed for staff for a week before they are archived.
    archiveFailedAfterSeconds: 7 * 24 * 3600,
  });
  boss.on("error", (error) => console.error("[jobs]", error));
  await boss.start();

  for (const [queue, policy] of Object.entries(options.policies ?? {}) as Array<[QueueKey, Partial<QueuePolicy>]>) {
    const { name } = JOB_QUEUES[queue];
    await boss.updateQueue(name, { name, policy: "standard", ...JOB_QUEUES[queue], ...policy });
  }

  for (const queue of Object.keys(JOB_QUEUES) as QueueKey[]) {
    const handler = handlers[queue] as (job: RunningJob<QueueKey>) => Promise<void>;
    await boss.work<JobPayloads[QueueKey]>(
      JOB_QUEUES[queue].name,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      async ([job]) => {
        if (!job) return;
        await handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit });
      },
    );
  }

  for (const { queue, cron } of options.schedules ?? []) {
    await boss.schedule(JOB_QUEUES[queue].name, cron, {}, { tz: "America/Chicago" });
  }

  return {
    async stop(timeoutMs = 5000) {
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false });
    },
  };
}
