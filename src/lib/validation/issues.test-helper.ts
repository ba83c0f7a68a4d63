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

/** A customer's profile as the register and profile forms send it, valid in every field. */
export const VALID_PROFILE = {
  fullName: "Jane Doe",
  email: "jane@example.com",
  phone: "512-555-0100",
  address: "1100 Congress Ave",
  city: "Austin",
  state: "TX",
  zipCode: "78701",
};
