import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { describeFailure, rootCause } from "@/server/api/error-mapping";
import { appRouter } from "@/server/app/router";
import { procedureMetas } from "@/server/app/procedure-meta";
import { createTRPCContext } from "@/server/api/trpc";
import { isCrossSiteWrite } from "@/server/auth/origin-check";
import { bodyTooLarge, CROSS_SITE_REFUSED, jsonError, readBodyWithinLimit, type ApiErrorBody } from "./json-response";

const ENDPOINT = "/api/trpc";
/** The React app batches a handful of calls at most; a long batch is a script. */
export const MAX_BATCH_SIZE = 20;

const procedures = procedureMetas();

/**
 * One request, one password check: procedures that check a password or send an email (marked
 * `unbatched`) are refused inside a batch, so a batch cannot carry a pile of guesses or emails.
 */
function refusedBatch(url: URL): ApiErrorBody | null {
  if (url.searchParams.get("batch") !== "1") return null;
  const paths = decodeURIComponent(url.pathname.slice(ENDPOINT.length + 1)).split(",");
  const alone = paths.find((path) => procedures[path]?._def.meta?.unbatched);
  if (paths.length > 1 && alone) {
    return { message: `${alone} must be called on its own, not in a batch.`, code: "BAD_REQUEST" };
  }
  if (paths.length > MAX_BATCH_SIZE) {
    return { message: `A batch may hold at most ${MAX_BATCH_SIZE} calls.`, code: "BAD_REQUEST" };
  }
  return null;
}

/** A procedure that takes a larger body (a photo) says so; a batch takes the usual limit. */
function bodyLimitOf(url: URL): number | undefined {
  const path = decodeURIComponent(url.pathname.slice(ENDPOINT.length + 1));
  return procedures[path]?._def.meta?.bodyLimit;
}

/** The typed endpoint the React app uses (/api/trpc), with the same origin check and body limit as REST. */
export async function handleTrpcRequest(request: Request): Promise<Response> {
  if (isCrossSiteWrite(request)) return jsonError(403, CROSS_SITE_REFUSED);
  const refused = refusedBatch(new URL(request.url));
  if (refused) return jsonError(400, refused);
  let forwarded = request;
  if (request.method === "POST") {
    const limit = bodyLimitOf(new URL(request.url));
    const body = await readBodyWithinLimit(request, limit);
    if (body === null) return jsonError(413, bodyTooLarge(limit));
    forwarded = new Request(request.url, { method: "POST", headers: request.headers, body });
  }
  const response = await fetchRequestHandler({
    endpoint: ENDPOINT,
    req: forwarded,
    router: appRouter,
    createContext: ({ resHeaders }) => createTRPCContext({ headers: request.headers, resHeaders }),
    onError: ({ error, path }) => {
      const failure = describeFailure(error);
      if (failure.databaseStage) console.warn(`tRPC ${path ?? "?"}: database unavailable (${failure.databaseStage})`);
      else if (failure.status === 500) console.error(`tRPC ${path ?? "?"}:`, rootCause(error));
    },
  });
  // A batch can mix public and private answers: no shared cache may keep any of it.
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
