import { z } from "zod";
import type { Db } from "@/server/db/client";
import type { QueuePolicy } from "./queues";

/**
 * What it takes to add a job: its queue's name and retry policy, and the schema of its payload.
 * A domain whose enqueueing module is also imported by its handler keeps this part in a file of its
 * own, so the two do not import each other.
 */
export interface JobQueue<Payload> {
  name: string;
  policy: QueuePolicy;
  /** The payload as JSON carries it (times as ISO text): checked when a job is added and before it runs. */
  payload: z.ZodType<Payload>;
}

/** A kind of background job: its queue, the work one job does, and for a periodic job its period. */
export interface JobDefinition<Payload> extends JobQueue<Payload> {
  run(db: Db, job: RunningJob<Payload>): Promise<void>;
  /** Added every so often, at most one per period across all instances (its payload is `{}`). */
  everySeconds?: number;
}

export interface RunningJob<Payload> {
  id: string;
  data: Payload;
  /** Attempts before this one. */
  retryCount: number;
  retryLimit: number;
}

/** True on the last attempt the queue will make: a failure now is final. */
export function isLastAttempt(job: { retryCount: number; retryLimit: number }): boolean {
  return job.retryCount >= job.retryLimit;
}

/** The payload of a job that carries nothing, as periodic jobs do. */
export const NO_PAYLOAD = z.strictObject({});

export function defineJobQueue<Payload>(queue: JobQueue<Payload>): JobQueue<Payload> {
  return queue;
}

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

/**
 * A job added every `everySeconds`, at most one per period across all instances, that carries
 * nothing: each run is complete on its own. What `work` answers (a count, say) is not kept.
 */
export function definePeriodicJob(definition: {
  name: string;
  policy: QueuePolicy;
  everySeconds: number;
  work: (db: Db) => Promise<unknown>;
}): JobDefinition<Record<string, never>> {
  const { work, ...queue } = definition;
  return {
    ...queue,
    payload: NO_PAYLOAD as z.ZodType<Record<string, never>>,
    run: async (db) => {
      await work(db);
    },
  };
}
