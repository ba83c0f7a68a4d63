import http from "node:http";
import type { AddressInfo } from "node:net";
import { serveApiRequest } from "../../src/server/http/api-server";

/**
 * The API as the production server serves it: node:http handing /api/* to serveApiRequest (the
 * fast path), in this process, so tests reach it over a real socket and still share its database.
 * The client address header is the test's own (the socket owner's stamping is tested apart).
 */
let listening: Promise<number> | undefined;
const agent = new http.Agent({ keepAlive: true });

function apiPort(): Promise<number> {
  listening ??= new Promise((resolve, reject) => {
    const server = http.createServer((request, response) => {
      const served = serveApiRequest(request, response);
      if (!served) {
        response.writeHead(404);
        response.end("not an API path");
      }
    });
    // The client agent keeps sockets alive between requests; a server that closed an idle one first
    // (after Node's default 5 s) would meet the next request on it with ECONNRESET on a busy machine.
    server.keepAliveTimeout = 10 * 60_000;
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
    server.unref();
  });
  return listening;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** Sends one request to the fast path; `url` is absolute (its host becomes the Host header unless one is given). */
export async function sendOverHttp(method: string, url: string, headers: Headers, body?: string): Promise<HttpAnswer> {
  const port = await apiPort();
  const target = new URL(url);
  const outgoing: Record<string, string> = {};
  headers.forEach((value, name) => {
    outgoing[name] = value;
  });
  outgoing.host ??= target.host;
  if (body !== undefined) outgoing["content-length"] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method, path: target.pathname + target.search, headers: outgoing, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const answerHeaders = new Headers();
          for (let index = 0; index < response.rawHeaders.length; index += 2) {
            answerHeaders.append(response.rawHeaders[index]!, response.rawHeaders[index + 1]!);
          }
          resolve({ status: response.statusCode ?? 0, headers: answerHeaders, text: Buffer.concat(chunks).toString("utf8") });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
