import { createOpenApiFetchHandler } from "trpc-to-openapi";
import { appRouter } from "@/server/api/root";
import { procedureMetas } from "@/server/api/procedure-meta";
import { INTERNAL_ERROR_MESSAGE, createTRPCContext } from "@/server/api/trpc";
import { isCrossSiteWrite } from "@/server/auth/origin-check";
import {
  BODY_TOO_LARGE,
  CROSS_SITE_REFUSED,
  jsonError,
  readBodyWithinLimit,
  type ApiErrorBody,
} from "./json-response";

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const procedures = procedureMetas();

/**
 * Serves the typed procedures as REST at the spec's /api/* paths. Around trpc-to-openapi it adds
 * the origin check, the body limit, empty bodies for the spec's body-less POSTs, 201 answers for
 * creations and one error shape: { message, code, issues? } with the first field's own message.
 */
export async function handleRestRequest(request: Request): Promise<Response> {
  if (isCrossSiteWrite(request)) return jsonError(403, CROSS_SITE_REFUSED);

  let forwarded = request;
  if (METHODS_WITH_BODY.has(request.method)) {
    const body = await readBodyWithinLimit(request);
    if (body === null) return jsonError(413, BODY_TOO_LARGE);
    const headers = new Headers(request.headers);
    // The spec's clients send some POSTs (logout, mark read) with no body at all.
    const text = body.trim() === "" ? "{}" : body;
    if (body.trim() === "" && !headers.get("content-type")) headers.set("content-type", "application/json");
    headers.delete("content-length");
    forwarded = new Request(request.url, { method: request.method, headers, body: text });
  }

  const resHeaders = new Headers();
  const response = await createOpenApiFetchHandler({
    endpoint: "/api",
    router: appRouter,
    req: forwarded,
    createContext: () => createTRPCContext({ headers: request.headers, resHeaders }),
    responseMeta: ({ paths, errors }) => {
      if (errors.length > 0 || !paths?.[0]) return {};
      const status = procedures[paths[0]]?._def.meta?.successStatus;
      return status ? { status } : {};
    },
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`REST ${request.method} ${path ?? new URL(request.url).pathname}:`, error.cause ?? error);
    },
  });
  return finishResponse(response, resHeaders);
}

async function finishResponse(response: Response, resHeaders: Headers): Promise<Response> {
  const headers = new Headers(response.headers);
  for (const cookie of resHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  resHeaders.forEach((value, key) => {
    if (key.toLowerCase() !== "set-cookie") headers.set(key, value);
  });
  headers.set("Cache-Control", "no-store");
  if (response.status < 400) return new Response(response.body, { status: response.status, headers });

  type RawIssue = { path?: PropertyKey[]; message?: string };
  const raw = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody> & {
    issues?: RawIssue[];
    data?: { issues?: RawIssue[] };
  };
  // zod issues come as `issues`; a domain InvalidInputError names its field in the error shape's data.
  const issues = (raw.issues ?? raw.data?.issues)?.map((issue) => ({
    path: (issue.path ?? []).map(String),
    message: issue.message ?? "Invalid value",
  }));
  // Only an unexpected 500 hides its text; a 503 from a domain error says what is unavailable.
  const body: ApiErrorBody = {
    message:
      response.status === 500
        ? INTERNAL_ERROR_MESSAGE
        : (issues?.[0]?.message ?? (raw.message === "Not found" ? "No API operation at this path." : raw.message) ?? "Request failed"),
    code: raw.code ?? "ERROR",
    ...(issues && response.status < 500 ? { issues } : {}),
  };
  headers.delete("content-length");
  return Response.json(body, { status: response.status, headers });
}
