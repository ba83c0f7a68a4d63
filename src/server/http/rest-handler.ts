import { createCaller } from "@/server/app/router";
import { createTRPCContext, crewScopeOf, requireStaff } from "@/server/api/trpc";
import { describeFailure, errorBody, rootCause, STATUS_OF_CODE, type ApiErrorBody } from "@/server/api/error-mapping";
import { isCrossSiteWrite } from "@/server/auth/origin-check";
import { bodyTooLarge, CROSS_SITE_REFUSED, readBodyWithinLimit } from "./json-response";
import {
  answerKey,
  cachedOrCompute,
  documentedInput,
  fetchResponseOf,
  isCachedRead,
  isStaffCachedRead,
  type CachedOrComputed,
} from "./answer-cache";
import { matchRoute, readParameter, type RestRoute } from "./rest-routes";

const API_PREFIX = "/api";

const NO_OPERATION: ApiErrorBody = { message: "No API operation at this path.", code: "NOT_FOUND" };
const NOT_JSON: ApiErrorBody = {
  message: "Send the request body as JSON (content-type: application/json).",
  code: "UNSUPPORTED_MEDIA_TYPE",
};
const UNREADABLE_JSON: ApiErrorBody = { message: "The request body is not valid JSON.", code: "BAD_REQUEST" };
const NOT_AN_OBJECT: ApiErrorBody = { message: "The request body must be a JSON object.", code: "BAD_REQUEST" };
const UNREADABLE_PATH: ApiErrorBody = { message: "The request path is not valid.", code: "BAD_REQUEST" };

/**
 * Operations whose REST answer is JSON text the database wrote, by a procedure of the same input and
 * access that returns that text: sent as it is, instead of the documented procedure's objects
 * serialized again (the month list: hundreds of visits).
 */
const PREBUILT_JSON: Record<string, string> = { "schedules.list": "schedules.listJson" };

class InputRefused {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {}
}

/**
 * A REST request as the handler reads it: what a Fetch API Request gives (handleRestRequest) and
 * what the production server reads straight from Node's request without building one
 * (src/server/http/api-server.ts), so both answer alike.
 */
export interface RestRequest {
  method: string;
  /** The absolute URL. */
  url: string;
  headers: Headers;
  /** The body as text, or null when it is larger than `limit` bytes. */
  readBody: (limit?: number) => Promise<string | null>;
}

/** Serves the typed procedures as REST, on Fetch API objects (see answerRestRequest). */
export async function handleRestRequest(request: Request): Promise<Response> {
  const answer = await answerRestRequest({
    method: request.method,
    url: request.url,
    headers: request.headers,
    readBody: (limit) => readBodyWithinLimit(request, limit),
  });
  return fetchResponseOf(answer, request);
}

/**
 * Serves the typed procedures as REST at the /api/* paths of the OpenAPI document. Around each
 * call: the origin check, the body limit, empty bodies for body-less POSTs, strict reading of path
 * and query values by their documented types, the operation's success status, and one error
 * shape { message, code, issues? } from the one error mapping.
 */
export async function answerRestRequest(request: RestRequest): Promise<CachedOrComputed> {
  if (isCrossSiteWrite(request)) return errorAnswer(403, CROSS_SITE_REFUSED);

  const url = new URL(request.url);
  const method = request.method === "HEAD" ? "GET" : request.method;
  const match = matchApiPath(method, url.pathname);
  if (match.kind === "none") return errorAnswer(404, NO_OPERATION);
  if (match.kind === "wrong method") {
    return errorAnswer(
      405,
      { message: `This path answers ${match.allowed.join(", ")} only.`, code: "METHOD_NOT_SUPPORTED" },
      { Allow: match.allowed.join(", ") },
    );
  }

  let input: Record<string, unknown>;
  try {
    input = await readInput(request, url, match.route, match.pathValues);
  } catch (error) {
    if (error instanceof InputRefused) return errorAnswer(error.status, error.body);
    throw error;
  }

  // A cached read is keyed and answered by its documented parameters only. A staff answer's stored
  // bytes go only to a caller who passes the staff check now; anyone else takes the full path,
  // which refuses them exactly as it always has.
  if (method === "GET" && (isCachedRead(match.route.procedurePath) || isStaffCachedRead(match.route.procedurePath))) {
    const read = { route: match.route, ...cachedReadOf(match.route, input), staffOnly: isStaffCachedRead(match.route.procedurePath) };
    if (!read.staffOnly || (await passesStaffCheck(request.headers))) return answerCachedRead(read, request.headers);
  }

  const headers = new Headers();
  const { status, json } = await answer(request.headers, request.method, match.route, input, headers);
  // Anything else may depend on who asks: no shared cache keeps it, and no browser stores it.
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  headers.set("Content-Type", "application/json");
  return { status, json, headers };
}

/** An error answer in the one error shape, stored by no one. */
function errorAnswer(status: number, body: ApiErrorBody, extra?: Record<string, string>): CachedOrComputed {
  const headers = new Headers(extra);
  headers.set("Content-Type", "application/json");
  headers.set("Cache-Control", "no-store");
  return { status, json: JSON.stringify(body), headers };
}

/**
 * Whether the caller's cookie or API key passes the staff check now (schedules.list has no
 * exemption) and sees the whole schedule: a crew's caller sees only their crew's visits, so the
 * stored month list is never theirs, and they take the full path.
 */
export async function passesStaffCheck(headers: Headers): Promise<boolean> {
  const ctx = await createTRPCContext({ headers, resHeaders: new Headers() });
  try {
    const staff = await requireStaff(ctx.auth, undefined);
    return crewScopeOf(staff) === undefined;
  } catch {
    return false;
  }
}

/** The input a cached read is answered by (its documented parameters only) and the key it is stored under. */
function cachedReadOf(route: RestRoute, input: Record<string, unknown>) {
  const documented = documentedInput(route.parameterKinds, input);
  return { input: documented, key: answerKey(route.procedurePath, route.parameterKinds, documented) };
}

function matchApiPath(method: string, pathname: string) {
  const path = pathname.startsWith(API_PREFIX) ? pathname.slice(API_PREFIX.length) || "/" : pathname;
  return matchRoute(method, path.length > 1 ? path.replace(/\/$/, "") : path);
}

/** A GET of a cached read, read exactly as handleRestRequest reads it. */
export interface CachedRead {
  route: RestRoute;
  /** Its documented parameters only. */
  input: Record<string, unknown>;
  key: string;
  /** Served only to a caller who passes the staff check (the month list). */
  staffOnly: boolean;
}

/**
 * The cached read a GET of this URL is, or null when it is none or its input is refused (the full
 * path explains those). The production server answers these without building a Fetch API request
 * (src/server/http/api-server.ts), through the same seam and under the same keys.
 */
export function cachedReadOfUrl(pathname: string, search: string): CachedRead | null {
  const match = matchApiPath("GET", pathname);
  if (match.kind !== "found") return null;
  const staffOnly = isStaffCachedRead(match.route.procedurePath);
  if (!staffOnly && !isCachedRead(match.route.procedurePath)) return null;
  try {
    return {
      route: match.route,
      ...cachedReadOf(match.route, readUrlInput(new URLSearchParams(search), match.route, match.pathValues)),
      staffOnly,
    };
  } catch (error) {
    if (error instanceof InputRefused) return null;
    throw error;
  }
}

/** A cached read's answer: the stored bytes, or the procedure's answer stored for the next caller. */
export function answerCachedRead(read: CachedRead, headers: Headers): Promise<CachedOrComputed> {
  return cachedOrCompute(read.key, (resHeaders) => answer(headers, "GET", read.route, read.input, resHeaders));
}

/**
 * Calls the operation's procedure and gives its answer as JSON text; headers it sets (cookies,
 * caching, Retry-After) land in resHeaders.
 */
async function answer(headers: Headers, method: string, route: RestRoute, input: Record<string, unknown>, resHeaders: Headers) {
  const ctx = await createTRPCContext({ headers, resHeaders });
  try {
    const prebuilt = PREBUILT_JSON[route.procedurePath];
    const path = prebuilt ?? route.procedurePath;
    const procedure = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], createCaller(ctx));
    const data = await (procedure as (input: unknown) => Promise<unknown>)(input);
    return { status: route.successStatus, json: prebuilt ? (data as string) : JSON.stringify(data ?? null) };
  } catch (error) {
    const failure = describeFailure(error);
    if (failure.status === 500 || failure.databaseStage) logFailure(method, route, failure.databaseStage, error);
    if (failure.retryAfterSeconds !== undefined) resHeaders.set("Retry-After", String(failure.retryAfterSeconds));
    return { status: failure.status, json: JSON.stringify(errorBody(failure)) };
  }
}

function logFailure(method: string, route: RestRoute, databaseStage: string | undefined, error: unknown) {
  const where = `REST ${method} ${route.template}`;
  if (databaseStage) console.warn(`${where}: database unavailable (${databaseStage})`);
  else console.error(`${where}:`, rootCause(error));
}

/** The procedure's input: the JSON body (or the query string), with the path's values over it. */
async function readInput(request: RestRequest, url: URL, route: RestRoute, pathValues: Record<string, string>) {
  if (!route.takesBody) return readUrlInput(url.searchParams, route, pathValues);
  return withPathValues(await readJsonBody(request, route.bodyLimit), route, pathValues);
}

function readUrlInput(searchParams: URLSearchParams, route: RestRoute, pathValues: Record<string, string>) {
  return withPathValues(readQuery(searchParams, route), route, pathValues);
}

function withPathValues(input: Record<string, unknown>, route: RestRoute, pathValues: Record<string, string>) {
  for (const [name, raw] of Object.entries(pathValues)) {
    let text: string;
    try {
      text = decodeURIComponent(raw);
    } catch {
      throw new InputRefused(STATUS_OF_CODE.BAD_REQUEST, UNREADABLE_PATH);
    }
    input[name] = readParameter(text, route.parameterKinds.get(name));
  }
  return input;
}

/** Repeated keys stay a list, which a single-valued field refuses rather than silently picking one. */
function readQuery(searchParams: URLSearchParams, route: RestRoute): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of new Set(searchParams.keys())) {
    const values = searchParams.getAll(name).map((value) => readParameter(value, route.parameterKinds.get(name)));
    input[name] = values.length === 1 ? values[0] : values;
  }
  return input;
}

async function readJsonBody(request: RestRequest, limit?: number): Promise<Record<string, unknown>> {
  const text = await request.readBody(limit);
  if (text === null) throw new InputRefused(413, bodyTooLarge(limit));
  // Some clients send body-less POSTs (logout, mark read): that is an empty input.
  if (text.trim() === "") return {};
  const contentType = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (contentType !== "application/json" && !contentType?.endsWith("+json")) throw new InputRefused(415, NOT_JSON);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new InputRefused(400, UNREADABLE_JSON);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new InputRefused(400, NOT_AN_OBJECT);
  return { ...parsed };
}
