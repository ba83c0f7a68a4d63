import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "@/lib/message-rules";

// Blank or whitespace-only text is not sendable.
export const ZMessageContentSchema = z
  .string({ error: "Message cannot be empty" })
  .trim()
  .min(1, "Message cannot be empty")
  .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`);

export const ZMessageFormSchema = z.object({ content: ZMessageContentSchema });

export type TMessageForm = z.output<typeof ZMessageFormSchema>;
