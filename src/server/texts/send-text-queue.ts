import { z } from "zod";
import { defineJobQueue } from "@/server/jobs/job-definition";

// Apart from its handler (jobs.ts): the handler's module imports queue-text.ts, which adds to this queue.

/** A text from text_messages: a few attempts over about an hour; a text is never handed over twice. */
export const sendTextQueue = defineJobQueue({
  name: "send-text",
  policy: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 60 },
  payload: z.strictObject({
    textId: z.number().int(),
    /**
     * Where the body's secrets are (start and length, not the secrets themselves): the stored body
     * loses them once the text is sent, as an email's does (deliver-text.ts).
     */
    secretSpans: z
      .array(z.tuple([z.number().int().min(0), z.number().int().min(1)]))
      .max(10)
      .optional(),
  }),
});
