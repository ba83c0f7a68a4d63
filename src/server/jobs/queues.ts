/**
 * The background queues and how each one retries. A job that fails is tried again after a delay
 * that doubles each time (with jitter); after its last attempt it stays in the queue as failed,
 * where staff see it in Settings → Notifications.
 *
 * pg-boss's delay for retry n (from 0) is `retryDelay × 2^n`, times a random factor between 1 and 2.
 */
export const JOB_QUEUES = {
  /**
   * A booking's announcement (its emails and webhook), added in the booking's transaction and made
   * after the commit, so the booking holds its day's lock only for the capacity check and its rows.
   */
  announceBooking: { name: "announce-booking", retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  /** An email from the outbox: 9 attempts over roughly 4 to 8 hours. */
  sendEmail: { name: "send-email", retryLimit: 8, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  /** One webhook delivery: 11 attempts over roughly a day (17 to 34 hours). */
  deliverWebhook: { name: "deliver-webhook", retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 60 },
  /** The periodic look for visits to remind customers of; each run is complete on its own. */
  sendReminders: { name: "send-reminders", retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  /** One autopay charge of a completed visit; Stripe's idempotency key makes every retry the same charge. */
  chargeAutopay: { name: "charge-autopay", retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  /** The daily extension of every series' visits to the horizon; each run is complete on its own. */
  extendSeries: { name: "extend-series", retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 900 },
  /** The hourly fold of the owed total's changes into one row; each run is complete on its own. */
  compactOwedTotal: { name: "compact-owed-total", retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  /**
   * Places addresses still without a map location (added when one is saved, and every few minutes
   * for the backfill); each run is complete on its own and a failed lookup falls back to the ZIP.
   */
  locateAddresses: { name: "locate-addresses", retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  /** The daily drop of the crews' idempotency keys too old to matter; each run is complete on its own. */
  forgetFieldActions: { name: "forget-field-actions", retryLimit: 2, retryDelay: 300, retryBackoff: true, expireInSeconds: 300 },
} as const;

export type QueueKey = keyof typeof JOB_QUEUES;
export type QueueName = (typeof JOB_QUEUES)[QueueKey]["name"];
export type QueuePolicy = { retryLimit: number; retryDelay: number; retryBackoff: boolean; expireInSeconds: number };

/** pg-boss keeps its tables in this schema, beside ours. */
export const JOB_SCHEMA = "pgboss";
