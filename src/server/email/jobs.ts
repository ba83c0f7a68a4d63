import { defineJob, isLastAttempt } from "@/server/jobs/job-definition";
import { deliverEmail } from "./deliver-email";
import { sendEmailQueue } from "./send-email-queue";

/** Sends one email of the outbox; the last failed attempt marks it failed for good. */
export const sendEmailJob = defineJob({
  ...sendEmailQueue,
  run: (db, job) => deliverEmail(db, job.data.outboxId, { last: isLastAttempt(job) }),
});
