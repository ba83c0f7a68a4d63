import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { FetchHandler } from "./api-routes";
import { jsonError, MAX_BODY_BYTES } from "./json-response";
import type { RestRequest } from "./rest-handler";

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

/**
 * Node's request body as text, or null when it is larger than the limit: Content-Length is checked
 * first, and a chunked body is counted as it comes, so an oversized one is never held whole
 * (readBodyWithinLimit's rule, without a web stream in between).
 */
export function readNodeBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string | null> {
  if (Number(request.headers["content-length"] ?? "0") > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      resolve(null);
    };
    const onEnd = () => {
      stop();
      resolve(new TextDecoder().decode(Buffer.concat(chunks, size)));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const stop = () => {
      request.off("data", onData).off("end", onEnd).off("error", onError);
      request.pause();
    };
    request.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

/** Node's request as the REST handler reads it, without Fetch API objects (see RestRequest). */
export function restRequestOf(request: IncomingMessage): RestRequest {
  return {
    method: request.method ?? "GET",
    url: requestUrl(request),
    headers: fetchHeaders(request),
    readBody: (limit) => readNodeBody(request, limit),
  };
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
