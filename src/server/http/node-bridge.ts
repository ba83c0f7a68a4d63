import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { FetchHandler } from "./api-routes";
import { jsonError } from "./json-response";

const BODYLESS = new Set(["GET", "HEAD"]);

/** The URL of a request as Next builds it: the Host header and the request target, never reinterpreted. */
function requestUrl(request: IncomingMessage): string {
  const target = request.url?.startsWith("/") ? request.url : "/";
  try {
    return new URL(`http://${request.headers.host ?? "localhost"}${target}`).href;
  } catch {
    return new URL(`http://localhost${target}`).href;
  }
}

/** Node's request headers as Fetch API Headers, repeated ones kept. */
export function fetchHeaders(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** A Fetch API Request over Node's request; the body streams, so the body limit still counts it as it comes. */
export function toFetchRequest(request: IncomingMessage): Request {
  const headers = fetchHeaders(request);
  const method = request.method ?? "GET";
  if (BODYLESS.has(method)) return new Request(requestUrl(request), { method, headers });
  return new Request(requestUrl(request), {
    method,
    headers,
    body: Readable.toWeb(request) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
}

/** Writes a Fetch API Response to Node's response; a JSON answer goes out whole, with Content-Length. */
export async function writeFetchResponse(request: IncomingMessage, response: ServerResponse, answer: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const streaming = /jsonl|event-stream/.test(answer.headers.get("content-type") ?? "");
  if (!answer.body || request.method === "HEAD") {
    await answer.body?.cancel();
    response.writeHead(answer.status, headers);
    response.end();
    return;
  }
  if (!streaming) {
    const body = Buffer.from(await answer.arrayBuffer());
    headers["content-length"] = String(body.byteLength);
    response.writeHead(answer.status, headers);
    response.end(body);
    return;
  }
  response.writeHead(answer.status, headers);
  for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) response.write(chunk);
  response.end();
}

export const FAILED = { message: "Something went wrong on our side. Please try again.", code: "INTERNAL_SERVER_ERROR" } as const;

/** Serves one Node request with a Fetch API handler; a failure no handler caught answers a JSON 500. */
export async function serveWithFetchHandler(handler: FetchHandler, request: IncomingMessage, response: ServerResponse): Promise<void> {
  let answer: Response;
  try {
    answer = await handler(toFetchRequest(request));
  } catch (error) {
    console.error(`[api] ${request.method} ${request.url?.split("?")[0]}:`, error);
    answer = jsonError(500, FAILED);
  }
  try {
    await writeFetchResponse(request, response, answer);
  } catch (error) {
    // The client went away mid-answer, or a streamed body failed: nothing more can be sent.
    if (!response.headersSent) {
      response.writeHead(500, { "content-type": "application/json", "cache-control": "no-store" });
      response.end(JSON.stringify(FAILED));
    } else response.destroy(error as Error);
  }
}
