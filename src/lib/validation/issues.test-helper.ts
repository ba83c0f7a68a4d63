import type { z } from "zod";

/** The issue messages of a failed parse keyed by field path ("" for the root), for table tests. */
export function issueMessages(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join(".");
    (messages[path] ??= []).push(issue.message);
  }
  return messages;
}
