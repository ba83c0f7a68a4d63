import { TRPCClientError } from "@trpc/client";

const UNKNOWN = "An unknown error occurred";

/** What the server answered with: a tRPC error that carries an HTTP status came back from it. */
export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof TRPCClientError ? (error.data?.httpStatus as number | undefined) : undefined;
}

/**
 * The one text shown for a failure. An answer from the server shows its message (or `answer` when it
 * has none). A failure to reach the server shows `exception` when given, since a browser's own text
 * ("Failed to fetch") means nothing to a customer; without fallbacks, any error's own message.
 */
export function errorMessage(error: unknown, fallbacks?: { answer: string; exception: string }): string {
  if (httpStatusOf(error)) return (error as Error).message || fallbacks?.answer || UNKNOWN;
  if (fallbacks) return fallbacks.exception;
  return error instanceof Error && error.message ? error.message : UNKNOWN;
}
