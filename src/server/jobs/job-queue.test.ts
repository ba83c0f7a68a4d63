import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDatabase, type Db } from "@/server/db";
import { openDatabase } from "@/server/db/client";
import { rowsOf } from "@/server/db/rows";
import { emailOutbox } from "@/server/db/schema";
import { sendEmail } from "@/server/email/send-email";
import { setEnv } from "#test/support/env";
import { startSmtpServer } from "#test/doubles/smtp-server";
import { startTestWorker, waitFor } from "#test/support/notifications";
import PgBoss from "pg-boss";
import { enqueueJob, JOBS_PER_FETCH, onPartition, startJobWorker } from "./job-queue";
import { listFailingJobs, QUEUE_LABELS, retryFailedJob } from "./failing-jobs";
import { JOB_DEFINITIONS } from "@/server/app/background-work";
import { sendEmailJob } from "@/server/email/jobs";
import { sendRemindersJob } from "@/server/notifications/jobs";
import { extendSeriesJob } from "@/server/schedules/jobs";
import { defineJob, defineJobQueue, type JobDefinition } from "./job-definition";
import { JOB_SCHEMA } from "./queues";

const embedded = inject("testDatabase").mode === "pglite";
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let pgliteDir: string | undefined;

beforeAll(async () => {
  smtp = await startSmtpServer();
  setEnv({ SMTP_URL: smtp.url });
  if (embedded) {
    // A restart of the embedded database needs its files on disk.
    await closeDatabase();
    pgliteDir = mkdtempSync(path.join(tmpdir(), "greenscape-jobs-"));
    setEnv({ PGLITE_DIR: pgliteDir });
  }
});

afterAll(async () => {
  await smtp.close();
  setEnv({ SMTP_URL: undefined });
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
});

/** Carries what a transaction found out of it as it rolls back. */
class RolledBack extends Error {}

/** The app's email job with another handler, for a worker that works only that queue. */
function sendingEmailWith(run: JobDefinition<{ outboxId: number }>["run"]) {
  return defineJob({ ...sendEmailJob, run });
}

/**
 * The plan an `explain` among `statements` prints over a backlog of 2,000 waiting emails, made and
 * looked at in a transaction rolled back after, so no worker of another test ever sees them.
 */
async function planOverBacklog(db: Db, statements: string[]): Promise<string> {
  return db
    .transaction(async (tx) => {
      await tx.execute(
        sql.raw(
          `insert into ${JOB_SCHEMA}.job (name, data, state, start_after) select 'send-email', '{}'::jsonb, 'created', now() - interval '1 minute' from generate_series(1, 2000)`,
        ),
      );
      await tx.execute(sql.raw(`analyze ${JOB_SCHEMA}.job`));
      let plan = "";
      for (const statement of statements) {
        const rows = rowsOf<{ "QUERY PLAN"?: string }>(await tx.execute(sql.raw(statement)));
        if (statement.startsWith("explain")) plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      }
      throw new RolledBack(plan);
    })
    .catch((error: unknown) => (error instanceof RolledBack ? error.message : Promise.reject(error)));
}

describe("the job queue", () => {
  it("keeps a queued email through a restart and sends it after the next start", async () => {
    const before = await openDatabase();
    const id = await sendEmail(before.db, { to: "restart@example.com", subject: "Queued before the restart", body: "Still here." });
    await before.close();

    const after = await openDatabase();
    const worker = await startTestWorker(after);
    try {
      await waitFor(() => smtp.messages.find((mail) => mail.subject === "Queued before the restart"), 15_000, "the email");
      // The mail server has it a moment before the job records it as sent.
      const row = await waitFor(async () => {
        const [stored] = await after.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
        return stored?.status === "sent" ? stored : null;
      });
      expect(row).toMatchObject({ status: "sent", attempts: 1 });
      expect(row!.sentAt).toBeInstanceOf(Date);
    } finally {
      await worker.stop();
      await after.close();
    }
  });

  it.skipIf(embedded)("gives a job whose worker died to another worker once its lease runs out", async () => {
    const crashing = await openDatabase();
    const survivor = await openDatabase();
    const handledBy: string[] = [];
    // The first worker takes the job and never finishes it, as if its process had died.
    const doomed = await startJobWorker(crashing, [sendingEmailWith(() => (handledBy.push("first"), new Promise<void>(() => {})))], {
      pollingIntervalSeconds: 0.5,
      policies: { [sendEmailJob.name]: { expireInSeconds: 2, retryDelay: 0, retryBackoff: false } },
    });
    await enqueueJob(crashing.db, sendEmailJob, { outboxId: -1 });
    await waitFor(() => handledBy.length === 1, 10_000, "the first worker to take the job");
    await crashing.close();

    const worker = await startJobWorker(survivor, [sendingEmailWith(async () => void handledBy.push("second"))], {
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
    });
    try {
      await waitFor(() => handledBy.includes("second"), 20_000, "the second worker to take over");
      expect(handledBy).toEqual(["first", "second"]);
    } finally {
      await worker.stop();
      await doomed.stop(1000).catch(() => {});
      await survivor.close();
    }
  });

  it("works a burst of jobs side by side, and one that fails holds back none of the others", async () => {
    const handle = await openDatabase();
    const started: number[] = [];
    const finished: number[] = [];
    let releaseAll = () => {};
    const allStarted = new Promise<void>((resolve) => {
      releaseAll = resolve;
    });
    // Ids no other test of this file uses: their jobs may still be in the queue.
    const burst = Array.from({ length: JOBS_PER_FETCH }, (_, index) => -101 - index);
    for (const outboxId of burst) await enqueueJob(handle.db, sendEmailJob, { outboxId });
    const worker = await startJobWorker(
      handle,
      [
        sendingEmailWith(async (_db, job) => {
          if (!burst.includes(job.data.outboxId)) return;
          started.push(job.data.outboxId);
          if (new Set(started).size === JOBS_PER_FETCH) releaseAll();
          // Each job waits for all of them to have started: one at a time, the first would wait forever.
          await allStarted;
          if (job.data.outboxId === burst[0]) throw new Error("This one fails.");
          finished.push(job.data.outboxId);
        }),
      ],
      { pollingIntervalSeconds: 0.5, policies: { [sendEmailJob.name]: { retryDelay: 60 } } },
    );
    try {
      await waitFor(() => finished.length === JOBS_PER_FETCH - 1, 15_000, "the burst to be worked");
      // The failing one may have been tried again since (an earlier test leaves the queue retrying at once).
      expect([...new Set(started)].toSorted((a, b) => b - a)).toEqual(burst);
      expect(finished).not.toContain(burst[0]);
    } finally {
      await worker.stop();
      await handle.close();
    }
  });

  it("completes a batch's finished jobs in one statement once all have run, and leaves the failed one to its retry", async () => {
    const handle = await openDatabase();
    const ran = new Set<number>();
    const batch = Array.from({ length: JOBS_PER_FETCH }, (_, index) => -111 - index);
    // Earlier tests' jobs may still wait in the queue: failed ones for their retries, one held by a
    // worker that "died" for its lease to run out. One that came due now would be fetched in the
    // batch's place, and the batch would take two fetches. Their tests are over: they go.
    await handle.db.execute(
      sql`delete from ${sql.identifier(JOB_SCHEMA)}.job where name = ${sendEmailJob.name} and state in ('created', 'retry', 'active')`,
    );
    const ids: string[] = [];
    for (const outboxId of batch) ids.push(await enqueueJob(handle.db, sendEmailJob, { outboxId }));
    const worker = await startJobWorker(
      handle,
      [
        sendingEmailWith(async (_db, job) => {
          if (!batch.includes(job.data.outboxId)) return;
          ran.add(job.data.outboxId);
          if (job.data.outboxId === batch[0]) throw new Error("This one fails.");
        }),
      ],
      { pollingIntervalSeconds: 0.5, policies: { [sendEmailJob.name]: { retryDelay: 60 } } },
    );
    const states = async () =>
      rowsOf<{ id: string; state: string; completed_on: string | null }>(
        await handle.db.execute(
          sql`select id, state, completed_on::text from ${sql.identifier(JOB_SCHEMA)}.job where id = any(${`{${ids.join(",")}}`}::uuid[])`,
        ),
      );
    try {
      await waitFor(
        async () => (await states()).filter((job) => job.state === "completed").length === JOBS_PER_FETCH - 1,
        15_000,
        "the batch to be completed",
      );
      const jobs = await states();
      // Failed, and waiting for its retry (or tried again since, should the queue's policy retry at once).
      expect(jobs.find((job) => job.id === ids[0])?.state).not.toBe("completed");
      const completed = jobs.filter((job) => job.id !== ids[0]);
      expect(completed.map((job) => job.state)).toEqual(Array(JOBS_PER_FETCH - 1).fill("completed"));
      // One statement completes them: they share its moment.
      expect(new Set(completed.map((job) => job.completed_on)).size).toBe(1);
      expect(ran.size).toBe(JOBS_PER_FETCH);
    } finally {
      await worker.stop();
      await handle.close();
    }
  });

  it("adds each periodic job once per period, however many instances ask", async () => {
    const first = await openDatabase();
    const second = await openDatabase();
    const runs: string[] = [];
    const definitions = [
      defineJob({ ...sendRemindersJob, run: async () => void runs.push("reminders") }),
      defineJob({ ...extendSeriesJob, run: async () => void runs.push("series") }),
    ];
    // The app's own periods: a day for the series' visits ahead, five minutes for reminders.
    expect(definitions.map((definition) => definition.everySeconds)).toEqual([300, 86_400]);
    const workers = [
      await startJobWorker(first, definitions, { pollingIntervalSeconds: 0.5 }),
      await startJobWorker(second, definitions, { pollingIntervalSeconds: 0.5 }),
    ];
    try {
      await waitFor(() => runs.includes("series") && runs.includes("reminders"), 15_000, "both periodic jobs to run");
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(runs.sort()).toEqual(["reminders", "series"]);
    } finally {
      for (const worker of workers) await worker.stop();
      await first.close();
      await second.close();
    }
  });

  it("fetches the next jobs of a backlog by their order's index, and two instances install it together", async () => {
    // Two instances starting at once both make the queues' indexes: neither fails.
    const [first, second] = await Promise.all([openDatabase(), openDatabase()]);
    try {
      const indexes = rowsOf<{ indexname: string }>(
        await first.db.execute(sql`select indexname from pg_indexes where schemaname = ${JOB_SCHEMA} and indexname like '%_next'`),
      );
      const partitions = rowsOf<{ count: number }>(
        await first.db.execute(sql`select count(*)::int as count from pg_inherits where inhparent = ${`${JOB_SCHEMA}.job`}::regclass`),
      );
      expect(indexes).toHaveLength(Number(partitions[0]!.count));
      if (embedded) return;
      // With a backlog waiting, the next five are read from the index, not sorted from all.
      const plan = await planOverBacklog(first.db, [
        `explain select id from ${JOB_SCHEMA}.job where name = 'send-email' and state < 'active' and start_after < now() order by priority desc, created_on, id limit 5 for update skip locked`,
      ]);
      expect(plan).toMatch(/Index Scan using \S+_next/);
      expect(plan).not.toContain("Sort");
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("fetches a queue's jobs from its partition alone, even once PostgreSQL settles on a generic plan", async () => {
    if (embedded) return;
    const handle = await openDatabase();
    try {
      // The worker's fetch as pg-boss writes it, sent where the worker sends it.
      const [{ partition_name: partition }] = rowsOf<{ partition_name: string }>(
        await handle.db.execute(sql`select partition_name from ${sql.identifier(JOB_SCHEMA)}.queue where name = 'send-email'`),
      ) as [{ partition_name: string }];
      const sent: string[] = [];
      const capturing = { executeSql: async (text: string) => (sent.push(text), { rows: [] }) };
      await new PgBoss({ db: capturing, schema: JOB_SCHEMA }).fetch(sendEmailJob.name, {
        batchSize: JOBS_PER_FETCH,
        includeMetadata: true,
        db: onPartition(capturing, partition),
      });
      const [fetch] = sent as [string];
      expect(fetch).toContain(`${JOB_SCHEMA}."${partition}"`);
      expect(fetch).not.toMatch(new RegExp(`${JOB_SCHEMA}\\.job\\b`));
      const plan = await planOverBacklog(handle.db, [
        "set local plan_cache_mode = force_generic_plan",
        `prepare partition_fetch (text, integer) as ${fetch}`,
        "explain execute partition_fetch('send-email', 5)",
        "deallocate partition_fetch",
      ]);
      expect(plan).toMatch(/Index Scan using \S+_next/);
      // One table: no other queue's partition is planned for or read.
      expect(plan).not.toMatch(/Append/);
    } finally {
      await handle.close();
    }
  });

  it("adds a job only when the transaction that asked for it commits", async () => {
    const handle = await openDatabase();
    try {
      await expect(
        handle.db.transaction(async (tx) => {
          await sendEmail(tx, { to: "never@example.com", subject: "Rolled back", body: "Never sent." });
          throw new Error("the booking failed");
        }),
      ).rejects.toThrow("the booking failed");
      const rows = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.subject, "Rolled back"));
      expect(rows).toHaveLength(0);
      expect(await handle.runScript("select 1")).toBeUndefined();
    } finally {
      await handle.close();
    }
  });

  it("retries a failing email with backoff, then marks it failed and shows it to staff, who can retry it", async () => {
    const refusing = await startSmtpServer({ reject: true });
    setEnv({ SMTP_URL: refusing.url });
    const handle = await openDatabase();
    const worker = await startTestWorker(handle);
    try {
      const id = await sendEmail(handle.db, { to: "bounce@example.com", subject: "Will bounce", body: "No." });
      const row = await waitFor(
        async () =>
          (await handle.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!)))[0]?.status === "failed" &&
          (await handle.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!)))[0],
        20_000,
        "the email to fail for good",
      );
      // One attempt and the two retries of the test policy.
      expect(row).toMatchObject({ attempts: 3, lastError: expect.stringContaining("Mailbox unavailable") });

      // The email is marked failed just before the queue records the job's last failure.
      const job = await waitFor(
        async () => (await listFailingJobs(handle.db)).find((entry) => entry.target === `Outbox email #${id}`),
        10_000,
        "the failed job",
      );
      expect(job).toMatchObject({ label: "Email", state: "failed", attempts: 3, error: expect.stringContaining("Mailbox unavailable") });

      // The mail server is fixed; staff retry the job and the email goes out.
      setEnv({ SMTP_URL: smtp.url });
      await retryFailedJob(handle.db, job!.id);
      await waitFor(() => smtp.messages.find((mail) => mail.subject === "Will bounce"), 15_000, "the retried email");
      await expect(retryFailedJob(handle.db, job!.id)).rejects.toThrow("not waiting for a retry");
    } finally {
      await worker.stop();
      await handle.close();
      await refusing.close();
      setEnv({ SMTP_URL: smtp.url });
    }
  });

  it("refuses a payload its schema refuses before writing anything", async () => {
    const handle = await openDatabase();
    try {
      await expect(enqueueJob(handle.db, sendEmailJob, { outboxId: "seven" } as unknown as { outboxId: number })).rejects.toThrow(
        "A send-email job's payload is refused",
      );
      await expect(enqueueJob(handle.db, sendEmailJob, { outboxId: 7, to: "extra@example.com" } as { outboxId: number })).rejects.toThrow(
        "payload is refused",
      );
      const written = rowsOf<{ count: number }>(
        await handle.db.execute(
          sql`select count(*)::int as count from ${sql.raw(`${JOB_SCHEMA}.job`)} where data->>'outboxId' in ('seven', '7')`,
        ),
      );
      expect(written[0]?.count).toBe(0);
    } finally {
      await handle.close();
    }
  });

  it("fails a job whose data is not its payload at once, and goes on with the others", async () => {
    const handle = await openDatabase();
    const handled: unknown[] = [];
    // A row as an older release, or a hand-made insert, might have left it.
    const unchecked = defineJobQueue({ ...sendEmailJob, payload: z.unknown() });
    const malformed = await enqueueJob(handle.db, unchecked, { outboxId: "two hundred" });
    const wellFormed = -201;
    await enqueueJob(handle.db, sendEmailJob, { outboxId: wellFormed });
    const worker = await startJobWorker(handle, [sendingEmailWith(async (_db, job) => void handled.push(job.data.outboxId))], {
      pollingIntervalSeconds: 0.5,
    });
    try {
      await waitFor(() => handled.includes(wellFormed), 15_000, "the well-formed job");
      const row = await waitFor(
        async () => {
          const [job] = rowsOf<{ state: string; retry_count: number; output: { message?: string } }>(
            await handle.db.execute(
              sql`select state, retry_count, output from ${sql.raw(`${JOB_SCHEMA}.job`)} where id = ${malformed}::uuid and state = 'failed'`,
            ),
          );
          return job;
        },
        15_000,
        "the malformed job to fail",
      );
      // Failed on its first attempt: no later attempt could read it either.
      expect(row).toMatchObject({ state: "failed", retry_count: 0 });
      expect(row.output.message).toContain("The job's data is not a send-email payload");
      expect(row.output.message).toContain("outboxId");
      expect(handled).not.toContain("two hundred");

      // The worker is still working: a job added after the failure is done too.
      await enqueueJob(handle.db, sendEmailJob, { outboxId: -202 });
      await waitFor(() => handled.includes(-202), 15_000, "the job after the failure");
    } finally {
      await worker.stop();
      await handle.close();
    }
  });

  it("names for staff only queues the app defines", () => {
    const names = JOB_DEFINITIONS.map((definition) => definition.name);
    for (const queue of Object.keys(QUEUE_LABELS)) expect(names).toContain(queue);
  });
});
