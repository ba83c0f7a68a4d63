import { z } from "zod";

// Spec 5 'Message send': blank or whitespace-only text is not sendable.
export const ZMessageContentSchema = z
  .string({ error: "Message cannot be empty" })
  .trim()
  .min(1, "Message cannot be empty")
  .max(5000, "Message must be at most 5000 characters");

export const ZMessageFormSchema = z.object({ content: ZMessageContentSchema });

export type TMessageForm = z.output<typeof ZMessageFormSchema>;
