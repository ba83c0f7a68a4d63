import { answersGeneration, cachedAnswer, storeAnswer } from "@/server/cache/public-answers";
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
 * served (src/server/http/rest-handler.ts), and the client is told not to keep it. The production
 * server's shortcut for public reads (api-server.ts) never finds these: isCachedRead excludes them.
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

/**
 * A cached read: the stored bytes when there are some, else the procedure's answer (see
 * computeAndStore). Answers carry an ETag, and a request whose If-None-Match names it gets 304 and
 * no body.
 */
export async function answerCachedRead(request: Request, key: string, compute: (resHeaders: Headers) => Promise<Computed>): Promise<Response> {
  let entry = cachedAnswer(key);
  if (!entry) {
    const computed = await computeAndStore(key, compute);
    if (!("entry" in computed)) {
      return new Response(request.method === "HEAD" ? null : computed.json, { status: computed.status, headers: computed.headers });
    }
    entry = computed.entry;
  }
  const headers = cachedAnswerHeaders(entry);
  if (matchesEtag(request.headers.get("if-none-match"), entry.etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : new Uint8Array(entry.body), { status: 200, headers });
}

/**
 * The procedure's answer to a cached read, stored when it is a fresh success; an error, or the
 * catalogue's outage copy (which carries Age), is given back with its own headers and not kept.
 */
export async function computeAndStore(
  key: string,
  compute: (resHeaders: Headers) => Promise<Computed>,
): Promise<{ entry: CachedAnswer } | { status: number; json: string; headers: Headers }> {
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
