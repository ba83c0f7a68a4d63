import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { countWhileInFlight, noRequestInFlightOrAfter, requestsInFlight } from "./requests-in-flight.mjs";

/** A server that counts its requests and answers each only when the test says so. */
async function heldServer() {
  const waiting: http.ServerResponse[] = [];
  const server = http.createServer((_request, response) => {
    countWhileInFlight(response);
    waiting.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    waiting,
    ask: (signal?: AbortSignal) => fetch(url, { signal }).then((response) => response.text()),
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);

describe("requests in flight", () => {
  let server: Awaited<ReturnType<typeof heldServer>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("counts a request until it is answered, and says when none is left", async () => {
    server = await heldServer();
    const before = requestsInFlight();
    const answers = [server.ask(), server.ask()];
    await expect.poll(() => server!.waiting.length).toBe(2);
    expect(requestsInFlight()).toBe(before + 2);

    const idle = noRequestInFlightOrAfter(60_000);
    server.waiting[0]!.end("one");
    expect(await settledWithin(idle, 200)).toBe(false);
    server.waiting[1]!.end("two");
    expect(await settledWithin(idle, 2000)).toBe(true);
    expect(await Promise.all(answers)).toEqual(["one", "two"]);
    expect(requestsInFlight()).toBe(before);
  });

  it("stops counting a request whose client went away unanswered", async () => {
    server = await heldServer();
    const before = requestsInFlight();
    const abandoned = new AbortController();
    const answer = server.ask(abandoned.signal).catch(() => "abandoned");
    await expect.poll(() => server!.waiting.length).toBe(1);
    const idle = noRequestInFlightOrAfter(60_000);
    abandoned.abort();
    expect(await answer).toBe("abandoned");
    expect(await settledWithin(idle, 2000)).toBe(true);
    expect(requestsInFlight()).toBe(before);
  });

  it("waits no longer than it is told while requests stay in flight", async () => {
    server = await heldServer();
    void server.ask().catch(() => {});
    await expect.poll(() => server!.waiting.length).toBe(1);
    const started = Date.now();
    await noRequestInFlightOrAfter(100);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(requestsInFlight()).toBeGreaterThan(0);
    // Nothing to wait for at all: at once.
    expect(await settledWithin(noRequestInFlightOrAfter(0), 20)).toBe(true);
  });
});
