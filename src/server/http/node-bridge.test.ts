import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readNodeBody } from "./node-bridge";

/** A server that reads each request's body with a 16-byte limit and answers what it read (or 413). */
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer(async (request, response) => {
    const text = await readNodeBody(request, 16);
    if (text === null) response.setHeader("Connection", "close");
    response.writeHead(text === null ? 413 : 200, { "content-type": "text/plain" });
    response.end(text ?? "too large");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends the chunks one by one, chunked unless a Content-Length is given. */
function send(chunks: (string | Buffer)[], headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string; connection?: string }>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method: "POST", path: "/", headers }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(parts).toString("utf8"), connection: response.headers.connection }),
      );
    });
    // The server may answer and close before the rest of an oversized body is sent.
    request.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error),
    );
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

describe("readNodeBody", () => {
  it("reads a chunked body whole, as UTF-8 text without a byte-order mark", async () => {
    const answer = await send([Buffer.from([0xef, 0xbb, 0xbf]), '{"a":', '"é"}']);
    expect(answer).toMatchObject({ status: 200, text: '{"a":"é"}' });
  });

  it("refuses a declared length over the limit without reading it, and closes the connection", async () => {
    const answer = await send(["x".repeat(17)], { "content-length": "17" });
    expect(answer).toMatchObject({ status: 413, connection: "close" });
  });

  it("refuses a chunked body once it counts past the limit", async () => {
    const answer = await send(["0123456789", "0123456789", "more"]);
    expect(answer).toMatchObject({ status: 413, connection: "close" });
  });

  it("reads an empty body as empty text", async () => {
    expect(await send([], { "content-length": "0" })).toMatchObject({ status: 200, text: "" });
  });
});
