/**
 * A form's inline errors from a failed parse: each field's first message, keyed by its path joined
 * with dots ("rounds.0.purpose").
 */
export function messagesByField(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) messages[issue.path.join(".")] ??= issue.message;
  return messages;
}
