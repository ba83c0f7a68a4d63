import { TRPCClientError } from "@trpc/client";

/**
 * Spec 8 tells apart an answer from the server (use its message, or a fallback) and a failure to
 * reach it at all (a fixed text). A tRPC error carrying an HTTP status came from the server.
 */
export function describeFailure(error: unknown, fallbacks: { answer: string; exception: string }): string {
  if (error instanceof TRPCClientError && error.data?.httpStatus) return error.message || fallbacks.answer;
  return fallbacks.exception;
}

export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof TRPCClientError ? (error.data?.httpStatus as number | undefined) : undefined;
}
