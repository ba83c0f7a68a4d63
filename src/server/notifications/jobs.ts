import { defineJob, definePeriodicJob } from "@/server/jobs/job-definition";
import { announceQueuedBooking } from "./announce";
import { announceBookingQueue } from "./booking-announcement";
import { queueDueReminders } from "./reminders";

export const announceBookingJob = defineJob({
  ...announceBookingQueue,
  run: (db, job) => announceQueuedBooking(db, job.data),
});

/** Looks for visits to remind customers of every five minutes (the time itself is a setting). */
export const REMINDER_SWEEP_SECONDS = 300;

/** The periodic look for visits to remind customers of; each run is complete on its own. */
export const sendRemindersJob = definePeriodicJob({
  name: "send-reminders",
  policy: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  everySeconds: REMINDER_SWEEP_SECONDS,
  work: queueDueReminders,
});
