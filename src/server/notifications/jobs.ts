import { defineJob, definePeriodicJob } from "@/server/jobs/job-definition";
import { announceQueuedBooking } from "./announce";
import { announceBookingQueue } from "./booking-announcement";
import { queueDueReminders } from "./reminders";

export const announceBookingJob = defineJob({
  ...announceBookingQueue,
  run: (db, job) => announceQueuedBooking(db, job.data),
});

/**
 * The periodic look for visits to remind customers of, every five minutes (the time itself is a
 * setting); each run is complete on its own.
 */
export const sendRemindersJob = definePeriodicJob({
  name: "send-reminders",
  policy: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  everySeconds: 300,
  work: queueDueReminders,
});
