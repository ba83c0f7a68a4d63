/**
 * The API beside Next: scripts/server.mjs loads this module (bundled by `npm run build`, see
 * scripts/build-api.mjs) and hands it every /api request before Next's router sees it. Next keeps
 * the pages; `next dev` serves the same handlers through the route files under src/app/api.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { apiHandlerFor } from "./api-routes";
import { serveWithFetchHandler } from "./node-bridge";

/** Answers the request when its path is one of ours (the promise settles once answered); null leaves it to Next. */
export function serveApiRequest(request: IncomingMessage, response: ServerResponse): Promise<void> | null {
  const pathname = (request.url ?? "/").split("?", 1)[0] ?? "/";
  const handler = apiHandlerFor(pathname);
  return handler ? serveWithFetchHandler(handler, request, response) : null;
}
