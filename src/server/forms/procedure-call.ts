import "server-only";

import { cookies, headers } from "next/headers";
import { describeFailure, type ApiFailure } from "@/server/api/error-mapping";
import { createCaller } from "@/server/app/router";
import { createTRPCContext } from "@/server/api/trpc";
import { applySetCookie, withSetCookies } from "./set-cookie";

type Caller = ReturnType<typeof createCaller>;

export type ProcedureResult<T> = { ok: true; data: T; setCookies: string[] } | { ok: false; failure: ApiFailure };

/**
 * Runs a tRPC procedure for a form's server action, exactly as the API would run it: the same
 * input schema, domain function, error mapping and limits, with the visitor's cookies and the
 * client address the socket's server stamped on the request. The session cookies the procedure
 * sets go onto the action's response. `extraCookies` are Set-Cookie values of an earlier call in
 * the same action (a sign-in), so a following call sees that session.
 */
export async function callProcedure<T>(call: (caller: Caller) => Promise<T>, extraCookies: string[] = []): Promise<ProcedureResult<T>> {
  const requestHeaders = withSetCookies(new Headers(await headers()), extraCookies);
  const resHeaders = new Headers();
  const ctx = await createTRPCContext({ headers: requestHeaders, resHeaders });
  try {
    const data = await call(createCaller(ctx));
    const setCookies = resHeaders.getSetCookie();
    const jar = await cookies();
    for (const cookie of setCookies) applySetCookie(jar, cookie);
    return { ok: true, data, setCookies };
  } catch (error) {
    return { ok: false, failure: describeFailure(error) };
  }
}

/** Each field's first message, from a failure's issues (zod's, or a domain error's field). */
export function fieldErrorsOf(failure: ApiFailure): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of failure.issues ?? []) {
    const field = issue.path[0];
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
