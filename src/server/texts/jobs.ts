import { defineJob, isLastAttempt } from "@/server/jobs/job-definition";
import { deliverText } from "./deliver-text";
import { sendTextQueue } from "./send-text-queue";

/** Sends one text; the last failed attempt marks it failed for good. */
export const sendTextJob = defineJob({
  ...sendTextQueue,
  run: (db, job) => deliverText(db, job.data.textId, { last: isLastAttempt(job), secretSpans: job.data.secretSpans }),
});
