/**
 * How a queue retries. A job that fails is tried again after a delay that doubles each time (with
 * jitter); after its last attempt it stays in the queue as failed, where staff see it in
 * Settings → Notifications. Each job definition carries its queue's policy.
 *
 * pg-boss's delay for retry n (from 0) is `retryDelay × 2^n`, times a random factor between 1 and 2.
 */
export type QueuePolicy = { retryLimit: number; retryDelay: number; retryBackoff: boolean; expireInSeconds: number };

/** pg-boss keeps its tables in this schema, beside ours. */
export const JOB_SCHEMA = "pgboss";
