import type { DatabaseHandle } from "@/server/db/client";
import { forgetFieldActionsJob } from "@/server/crew-day/jobs";
import { sendEmailJob } from "@/server/email/jobs";
import { startJobWorker, type JobDefinitions, type JobWorker, type WorkerOptions } from "@/server/jobs/job-queue";
import { locateAddressesJob } from "@/server/locations/jobs";
import { announceBookingJob, sendRemindersJob } from "@/server/notifications/jobs";
import { chargeAutopayJob, compactOwedTotalJob } from "@/server/payments/jobs";
import { warnLicenseExpiryJob } from "@/server/products/jobs";
import { renewProgramsJob } from "@/server/programs/jobs";
import { extendSeriesJob } from "@/server/schedules/jobs";
import { sendTextJob } from "@/server/texts/jobs";
import { deliverWebhookJob } from "@/server/webhooks/jobs";

/**
 * Every kind of background job, each defined beside its domain: the queues installed on every
 * database and worked by every app instance. The periodic ones carry their period: reminders and
 * the addresses' locations every five minutes, the owed total's compaction every hour, the series'
 * visits ahead and the crews' old idempotency keys once a day, the applicator licenses' expiry
 * warnings twice a day.
 */
export const JOB_DEFINITIONS: JobDefinitions = [
  announceBookingJob,
  sendEmailJob,
  sendTextJob,
  deliverWebhookJob,
  sendRemindersJob,
  chargeAutopayJob,
  extendSeriesJob,
  compactOwedTotalJob,
  locateAddressesJob,
  forgetFieldActionsJob,
  warnLicenseExpiryJob,
  renewProgramsJob,
];

/**
 * What every app instance works on in the background: emails, webhook deliveries, reminders and
 * the series' visits ahead.
 */
export function startBackgroundWork(handle: Pick<DatabaseHandle, "db" | "runScript">, options: WorkerOptions = {}): Promise<JobWorker> {
  return startJobWorker(handle, JOB_DEFINITIONS, options);
}
