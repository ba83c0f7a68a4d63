import { z } from "zod";
import { defineJobQueue } from "@/server/jobs/job-definition";

// Apart from its handler (jobs.ts): the handler's module imports queue-text.ts, which adds to this queue.

/** A text from text_messages: a few attempts over about an hour; a text is never handed over twice. */
export const sendTextQueue = defineJobQueue({
  name: "send-text",
  policy: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 60 },
  payload: z.strictObject({ textId: z.number().int() }),
});
