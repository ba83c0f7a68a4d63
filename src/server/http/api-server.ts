/**
 * The API beside Next: scripts/server.mjs loads this module (bundled by `npm run build`, see
 * scripts/build-api.mjs; from source through tsx under `npm run dev`) and hands it every /api
 * request before Next's router sees it. Next keeps the pages.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { cachedAnswer } from "@/server/cache/public-answers";
import type { CachedAnswer } from "@/server/cache/state";
import { apiHandlerFor } from "./api-routes";
import { FAILED, fetchHeaders, serveWithFetchHandler } from "./node-bridge";
import { cachedAnswerHeaders, matchesEtag } from "./public-answer-cache";
import { cachedReadKey, cachedStaffReadKey, computePublicRead, handleRestRequest, passesStaffCheck } from "./rest-handler";

/** Answers the request when its path is one of ours (the promise settles once answered); null leaves it to Next. */
export function serveApiRequest(request: IncomingMessage, response: ServerResponse): Promise<void> | null {
  const pathname = (request.url ?? "/").split("?", 1)[0] ?? "/";
  const handler = apiHandlerFor(pathname);
  if (!handler) return null;
  if (handler === handleRestRequest) {
    const publicRead = publicReadOf(request);
    if (publicRead) return answerPublicRead(publicRead, request, response);
  }
  const staffKey = handler === handleRestRequest ? storedStaffAnswerKey(request) : null;
  if (staffKey) return answerStaffFromCache(staffKey, request, response);
  return serveWithFetchHandler(handler, request, response);
}

function storedStaffAnswerKey(request: IncomingMessage): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(`http://localhost${request.url?.startsWith("/") ? request.url : "/"}`);
  const key = cachedStaffReadKey(url.pathname, url.search);
  return key && cachedAnswer(key) ? key : null;
}

/**
 * A stored staff answer (the month list) sent as bytes, but only after the caller passes the staff
 * check now; anyone else, or an answer dropped meanwhile, goes the full path (which refuses them).
 */
async function answerStaffFromCache(key: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const name of ["cookie", "authorization"]) {
    const value = request.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  const entry = (await passesStaffCheck(headers)) ? cachedAnswer(key) : null;
  if (!entry) return serveWithFetchHandler(handleRestRequest, request, response);
  writeStoredAnswer(entry, request, response);
}

/** The path and query of a GET or HEAD of a cached public read (catalogue, availability); null for anything else. */
function publicReadOf(request: IncomingMessage): { pathname: string; search: string; key: string } | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(`http://localhost${request.url?.startsWith("/") ? request.url : "/"}`);
  const key = cachedReadKey(url.pathname, url.search);
  return key ? { pathname: url.pathname, search: url.search, key } : null;
}

/**
 * A cached public read answered without Fetch API objects, with the same headers handleRestRequest
 * gives it: the stored bytes, or on a miss the procedure's answer, stored as the full path stores it.
 * A query the REST layer refuses goes the full path, which explains it.
 */
async function answerPublicRead(read: { pathname: string; search: string; key: string }, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const stored = cachedAnswer(read.key);
  if (stored) return writeStoredAnswer(stored, request, response);
  let computed: Awaited<ReturnType<typeof computePublicRead>>;
  try {
    computed = await computePublicRead(read.pathname, read.search, fetchHeaders(request));
  } catch (error) {
    console.error(`[api] ${request.method} ${read.pathname}:`, error);
    computed = { status: 500, json: JSON.stringify(FAILED), headers: new Headers({ "Content-Type": "application/json", "Cache-Control": "no-store" }) };
  }
  if (!computed) return serveWithFetchHandler(handleRestRequest, request, response);
  if ("entry" in computed) return writeStoredAnswer(computed.entry, request, response);
  const headers: Record<string, string> = {};
  computed.headers.forEach((value, name) => {
    headers[name] = value;
  });
  response.writeHead(computed.status, { ...headers, "Content-Length": String(Buffer.byteLength(computed.json)) });
  response.end(request.method === "HEAD" ? undefined : computed.json);
}

function writeStoredAnswer(entry: CachedAnswer, request: IncomingMessage, response: ServerResponse): void {
  const headers = cachedAnswerHeaders(entry);
  if (matchesEtag(request.headers["if-none-match"] ?? null, entry.etag)) {
    response.writeHead(304, headers);
    response.end();
  } else {
    response.writeHead(200, { ...headers, "Content-Length": String(entry.body.byteLength) });
    response.end(request.method === "HEAD" ? undefined : entry.body);
  }
}
