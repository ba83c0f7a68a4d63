import { answersGeneration, cachedAnswer, storeAnswer } from "@/server/cache/public-answers";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CachedAnswer } from "@/server/cache/state";

/**
 * The REST reads answered from the in-process cache of serialized answers: public, the same for
 * everyone, and changed only by writes that invalidate the cache. The catalogue's procedure sets
 * its own Cache-Control; availability must be revalidated on each use (a 304 is cheap), because a
 * booking anywhere can take a slot.
 */
const CACHED_READS: Record<string, { cacheControl: string }> = {
  "services.list": { cacheControl: "public, max-age=60" },
  "availability.get": { cacheControl: "public, no-cache" },
};

/**
 * Staff-only reads whose bytes are cached too: the same for every authorised staff caller, so the
 * stored answer is shared between them, but the access check runs on every request before it is
 * served (cachedReadOfUrl in rest-handler.ts says which), and the client is told not to keep it.
 * Writes to visits, schedules, customers and services invalidate them through the change feed.
 */
const STAFF_CACHED_READS: Record<string, { cacheControl: string }> = {
  "schedules.list": { cacheControl: "private, no-store" },
};

export function isCachedRead(procedurePath: string): boolean {
  return procedurePath in CACHED_READS;
}

export function isStaffCachedRead(procedurePath: string): boolean {
  return procedurePath in STAFF_CACHED_READS;
}

function cacheControlOf(key: string): string {
  const procedurePath = key.split(" ", 1)[0]!;
  return (CACHED_READS[procedurePath] ?? STAFF_CACHED_READS[procedurePath])?.cacheControl ?? "no-store";
}

/** The names of the parameters an operation documents (its path and query parameters). */
export type DocumentedNames = { has(name: string): boolean };

/**
 * The input a cached read is keyed and answered by: only the parameters its operation documents.
 * Anything else in a query string (`&junk=1`) is dropped, so it can neither make a new cache entry
 * (a cheap way to keep the cache empty or grow its memory) nor reach the procedure.
 */
export function documentedInput(documented: DocumentedNames, input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([name]) => documented.has(name)));
}

/** The key of one answer: the operation and the values of its documented parameters, names sorted. */
export function answerKey(procedurePath: string, documented: DocumentedNames, input: Record<string, unknown>): string {
  const sorted = Object.keys(input)
    .filter((name) => documented.has(name))
    .sort()
    .map((name) => [name, input[name]]);
  return `${procedurePath} ${JSON.stringify(sorted)}`;
}

/** Whether an If-None-Match header names this entity tag (weak comparison, as for GET). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}

/** An answer as JSON text. */
type Computed = { status: number; json: string };

/** What a cached read answers: stored bytes, or an answer that is not kept (an error, an outage copy). */
export type CachedOrComputed = { entry: CachedAnswer } | { status: number; json: string; headers: Headers };

/**
 * The one seam of the answer cache: the stored answer under `key`, or the procedure's answer,
 * stored when it is a fresh success. An error, or the catalogue's outage copy (which carries Age),
 * is given back with its own headers and not kept. Every cached read, on the production server's
 * shortcut and on the full REST path alike, comes through here.
 */
export async function cachedOrCompute(key: string, compute: (resHeaders: Headers) => Promise<Computed>): Promise<CachedOrComputed> {
  const stored = cachedAnswer(key);
  if (stored) return { entry: stored };
  const generation = answersGeneration();
  const resHeaders = new Headers();
  const { status, json } = await compute(resHeaders);
  if (status !== 200 || resHeaders.has("Age") || resHeaders.has("Set-Cookie")) {
    if (!resHeaders.has("Cache-Control")) resHeaders.set("Cache-Control", "no-store");
    resHeaders.set("Content-Type", "application/json");
    return { status, json, headers: resHeaders };
  }
  const cacheControl = resHeaders.get("Cache-Control") ?? cacheControlOf(key);
  return { entry: storeAnswer(key, generation, { body: Buffer.from(json), cacheControl }) };
}

export function cachedAnswerHeaders(entry: CachedAnswer): Record<string, string> {
  return { "Content-Type": "application/json", "Cache-Control": entry.cacheControl, ETag: entry.etag };
}

/** A cached read's result as a Fetch API response: 304 when If-None-Match names the stored ETag. */
export function fetchResponseOf(result: CachedOrComputed, request: Request): Response {
  const bodyless = request.method === "HEAD";
  if (!("entry" in result)) return new Response(bodyless ? null : result.json, { status: result.status, headers: result.headers });
  const headers = cachedAnswerHeaders(result.entry);
  if (matchesEtag(request.headers.get("if-none-match"), result.entry.etag)) return new Response(null, { status: 304, headers });
  return new Response(bodyless ? null : new Uint8Array(result.entry.body), { status: 200, headers });
}

/** The same, written to Node's response (the production server's shortcut). */
export function writeNodeResponseOf(result: CachedOrComputed, request: IncomingMessage, response: ServerResponse): void {
  const bodyless = request.method === "HEAD";
  if (!("entry" in result)) {
    const headers: Record<string, string | string[]> = {};
    result.headers.forEach((value, name) => {
      if (name !== "set-cookie") headers[name] = value;
    });
    const cookies = result.headers.getSetCookie();
    if (cookies.length > 0) headers["set-cookie"] = cookies;
    response.writeHead(result.status, { ...headers, "Content-Length": String(Buffer.byteLength(result.json)) });
    response.end(bodyless ? undefined : result.json);
    return;
  }
  const headers = cachedAnswerHeaders(result.entry);
  if (matchesEtag(request.headers["if-none-match"] ?? null, result.entry.etag)) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  response.writeHead(200, { ...headers, "Content-Length": String(result.entry.body.byteLength) });
  response.end(bodyless ? undefined : result.entry.body);
}
