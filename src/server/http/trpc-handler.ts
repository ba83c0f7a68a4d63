import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { describeFailure, rootCause } from "@/server/api/error-mapping";
import { appRouter } from "@/server/api/root";
import { createTRPCContext } from "@/server/api/trpc";
import { isCrossSiteWrite } from "@/server/auth/origin-check";
import { BODY_TOO_LARGE, CROSS_SITE_REFUSED, jsonError, readBodyWithinLimit } from "./json-response";

/** The typed endpoint the React app uses (/api/trpc), with the same origin check and body limit as REST. */
export async function handleTrpcRequest(request: Request): Promise<Response> {
  if (isCrossSiteWrite(request)) return jsonError(403, CROSS_SITE_REFUSED);
  let forwarded = request;
  if (request.method === "POST") {
    const body = await readBodyWithinLimit(request);
    if (body === null) return jsonError(413, BODY_TOO_LARGE);
    forwarded = new Request(request.url, { method: "POST", headers: request.headers, body });
  }
  const response = await fetchRequestHandler({
    endpoint: "/api/trpc",
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
