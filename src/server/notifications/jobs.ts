import { defineJob, NO_PAYLOAD } from "@/server/jobs/job-definition";
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
export const sendRemindersJob = defineJob({
  name: "send-reminders",
  policy: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  payload: NO_PAYLOAD,
  everySeconds: REMINDER_SWEEP_SECONDS,
  run: async (db) => {
    await queueDueReminders(db);
  },
});
