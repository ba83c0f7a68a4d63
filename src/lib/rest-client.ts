import type { JsonAnswer } from "./json-answer";

/**
 * A tiny client for the REST endpoints, for public pages that should not ship the tRPC and
 * TanStack Query runtime. Pages show different texts for an answer from the server (it carries a
 * message) and a failure to reach it at all, so the result says which one happened.
 */
export type RestResult<T> =
  | { ok: true; data: T }
  | { ok: false; answered: boolean; status?: number; message: string; issues?: Array<{ path: string[]; message: string }> };

/** `T` is the operation's output type; the data comes typed as JSON delivers it (dates as strings). */
export async function restRequest<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<RestResult<JsonAnswer<T>>> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      // All calls include credentials (the session cookie); same-origin fetch sends cookies.
      credentials: "include",
      cache: "no-store",
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, answered: false, message: "" };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, data: payload as JsonAnswer<T> };
  const answer = typeof payload === "object" && payload !== null ? (payload as { message?: unknown; issues?: unknown }) : {};
  const message = typeof answer.message === "string" ? answer.message : "";
  // The REST error shape: { message, code, issues? } with each issue's path as strings.
  const issues = Array.isArray(answer.issues) ? (answer.issues as Array<{ path: string[]; message: string }>) : undefined;
  return { ok: false, answered: true, status: response.status, message, issues };
}
