/**
 * The API beside Next: scripts/server.mjs loads this module (bundled by `npm run build`, see
 * scripts/build-api.mjs; from source through tsx under `npm run dev`) and hands it every /api
 * request before Next's router sees it. Next keeps the pages.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { writeNodeResponseOf, type CachedOrComputed } from "./answer-cache";
import { apiHandlerFor } from "./api-routes";
import { FAILED, fetchHeaders, restRequestOf, serveWithFetchHandler } from "./node-bridge";
import { answerCachedRead, answerRestRequest, cachedReadOfUrl, handleRestRequest, passesStaffCheck, type CachedRead } from "./rest-handler";

/** Answers the request when its path is one of ours (the promise settles once answered); null leaves it to Next. */
export function serveApiRequest(request: IncomingMessage, response: ServerResponse): Promise<void> | null {
  const pathname = (request.url ?? "/").split("?", 1)[0] ?? "/";
  const handler = apiHandlerFor(pathname);
  if (!handler) return null;
  if (handler !== handleRestRequest) return serveWithFetchHandler(handler, request, response);
  const read = cachedReadOf(request);
  return read ? serveCachedRead(read, request, response) : serveRest(request, response);
}

/** Any other REST request, answered by the same handler without Fetch API objects around it. */
async function serveRest(request: IncomingMessage, response: ServerResponse): Promise<void> {
  let result: CachedOrComputed;
  try {
    result = await answerRestRequest(restRequestOf(request));
  } catch (error) {
    console.error(`[api] ${request.method} ${request.url?.split("?")[0]}:`, error);
    result = failedAnswer();
  }
  // A body left unread (refused as too large) is not read to its end for the next request: the connection closes.
  if (!request.complete) response.setHeader("Connection", "close");
  writeSafely(result, request, response);
}

/**
 * Writes the answer; a header Node refuses (where Fetch API objects were lenient) answers a plain
 * 500 instead of an exception no caller catches, and a response already begun is cut off.
 */
function writeSafely(result: CachedOrComputed, request: IncomingMessage, response: ServerResponse): void {
  try {
    writeNodeResponseOf(result, request, response);
  } catch (error) {
    console.error(`[api] ${request.method} ${request.url?.split("?")[0]}: the answer could not be written:`, error);
    if (response.headersSent) return void response.destroy(error as Error);
    const failed = failedAnswer();
    response.writeHead(failed.status, Object.fromEntries(failed.headers));
    response.end(failed.json);
  }
}

function failedAnswer(): { status: number; json: string; headers: Headers } {
  return {
    status: 500,
    json: JSON.stringify(FAILED),
    headers: new Headers({ "Content-Type": "application/json", "Cache-Control": "no-store" }),
  };
}

/** A GET or HEAD of a cached read (catalogue, availability, the staff month list); null for anything else. */
function cachedReadOf(request: IncomingMessage): CachedRead | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(`http://localhost${request.url?.startsWith("/") ? request.url : "/"}`);
  return cachedReadOfUrl(url.pathname, url.search);
}

/**
 * A cached read answered without Fetch API objects, with the headers the full path gives it. A
 * staff-only read goes to a caller who passes the staff check now; anyone else takes the full
 * path, which refuses them.
 */
async function serveCachedRead(read: CachedRead, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const headers = fetchHeaders(request);
  if (read.staffOnly && !(await passesStaffCheck(headers))) return serveWithFetchHandler(handleRestRequest, request, response);
  let result: CachedOrComputed;
  try {
    result = await answerCachedRead(read, headers);
  } catch (error) {
    console.error(`[api] ${request.method} ${read.route.template}:`, error);
    result = failedAnswer();
  }
  writeSafely(result, request, response);
}
