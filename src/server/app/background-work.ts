import type { DatabaseHandle } from "@/server/db/client";
import { deliverEmail } from "@/server/email/deliver-email";
import { announceQueuedBooking } from "@/server/notifications/announce";
import { queueDueReminders } from "@/server/notifications/reminders";
import { chargeAutopay } from "@/server/payments/autopay";
import { compactOwedTotal } from "@/server/payments/owed";
import { forgetOldFieldActions } from "@/server/crew-day/field-actions";
import { extendSeriesToHorizon } from "@/server/schedules/series";
import { deliverWebhook } from "@/server/webhooks/deliver";
import { configuredGeocoder } from "@/server/locations/geocoder";
import { locatePendingAddresses } from "@/server/locations/locate-addresses";
import { isLastAttempt, startJobWorker, type JobWorker, type WorkerOptions } from "@/server/jobs/job-queue";

/** Looks for visits to remind customers of every five minutes (the time itself is a setting). */
export const REMINDER_SWEEP_SECONDS = 300;

/**
 * Once a day every series gets its visits generated up to the horizon again (the only place the
 * horizon moves; a plan's creation or a staff edit generates through it at once).
 */
export const SERIES_EXTENSION_SECONDS = 86_400;

/** Every hour the owed total's changes are folded into one row, so reading it stays a few rows. */
export const OWED_TOTAL_COMPACTION_SECONDS = 3_600;

/** Every five minutes, addresses still without a location are placed (the backfill, and any missed save). */
export const LOCATE_ADDRESSES_SECONDS = 300;
/** Once a day the crews' idempotency keys older than two days are dropped. */
export const FIELD_ACTIONS_SWEEP_SECONDS = 86_400;

/**
 * What every app instance works on in the background: emails, webhook deliveries, reminders and
 * the series' visits ahead.
 */
export function startBackgroundWork(handle: Pick<DatabaseHandle, "db" | "runScript">, options: WorkerOptions = {}): Promise<JobWorker> {
  const { db } = handle;
  return startJobWorker(
    handle,
    {
      announceBooking: (job) => announceQueuedBooking(db, job.data),
      sendEmail: (job) => deliverEmail(db, job.data.outboxId, { last: isLastAttempt(job) }),
      deliverWebhook: (job) => deliverWebhook(db, job.data.deliveryId, { last: isLastAttempt(job) }),
      sendReminders: async () => {
        await queueDueReminders(db);
      },
      chargeAutopay: (job) => chargeAutopay(db, job.data.paymentId),
      extendSeries: async () => {
        await extendSeriesToHorizon(db);
      },
      compactOwedTotal: () => compactOwedTotal(db),
      locateAddresses: async () => {
        const geocoder = configuredGeocoder();
        // A backfill goes on batch after batch; a job's lease bounds how long one run holds a worker.
        for (let round = 0; round < 5; round++) {
          if (!(await locatePendingAddresses(db, geocoder)).more) break;
        }
      },
      forgetFieldActions: async () => {
        await forgetOldFieldActions(db);
      },
    },
    {
      periodic: [
        { queue: "sendReminders", everySeconds: REMINDER_SWEEP_SECONDS },
        { queue: "extendSeries", everySeconds: SERIES_EXTENSION_SECONDS },
        { queue: "compactOwedTotal", everySeconds: OWED_TOTAL_COMPACTION_SECONDS },
        { queue: "locateAddresses", everySeconds: LOCATE_ADDRESSES_SECONDS },
        { queue: "forgetFieldActions", everySeconds: FIELD_ACTIONS_SWEEP_SECONDS },
      ],
      ...options,
    },
  );
}
