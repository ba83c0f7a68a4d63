import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { censusGeocoder, oneLineAddress, zipCentroid, zipGeocoder } from "./geocoder";

/**
 * A local stand-in of the Census Geocoder's onelineaddress endpoint, on a real socket: it answers by
 * the street it is asked for, so each test picks the behaviour (a match, none, an error, silence).
 */
let server: Server;
let baseUrl: string;
const asked: URL[] = [];

function answer(request: IncomingMessage, respond: (status: number, body: string) => void) {
  const url = new URL(request.url ?? "/", "http://stand-in");
  asked.push(url);
  if (url.pathname !== "/geocoder/locations/onelineaddress") return respond(404, "{}");
  const address = url.searchParams.get("address") ?? "";
  if (address.startsWith("100 Congress")) {
    return respond(
      200,
      JSON.stringify({
        result: {
          input: { address: { address }, benchmark: { benchmarkName: "Public_AR_Current" } },
          addressMatches: [{ matchedAddress: "100 CONGRESS AVE, AUSTIN, TX, 78701", coordinates: { x: -97.744_09, y: 30.263_71 } }],
        },
      }),
    );
  }
  if (address.startsWith("1 Slow")) return; // never answers: the client's timeout decides
  if (address.startsWith("1 Broken")) return respond(500, "Internal Server Error");
  if (address.startsWith("1 Garbled")) return respond(200, "<html>maintenance</html>");
  if (address.startsWith("1 Odd"))
    return respond(200, JSON.stringify({ result: { addressMatches: [{ coordinates: { x: "west", y: 30 } }] } }));
  return respond(200, JSON.stringify({ result: { input: {}, addressMatches: [] } }));
}

beforeAll(async () => {
  server = createServer((request, response) =>
    answer(request, (status, body) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(body);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const geocoder = () => censusGeocoder({ baseUrl, timeoutMs: 300 });
const at = (address: string, zipCode: string | null = "78704") => ({ address, city: "Austin", state: "TX", zipCode });
const AUSTIN_78704 = { latitude: 30.2428, longitude: -97.7658, source: "zip" };

describe("the geocoder adapter", () => {
  it("asks the Census Geocoder for the one-line address on the current benchmark and takes its first match", async () => {
    const found = await geocoder()(at("100 Congress Ave", "78701"));
    expect(found).toEqual({ latitude: 30.263_71, longitude: -97.744_09, source: "census" });
    const request = asked.at(-1)!;
    expect(request.searchParams.get("address")).toBe("100 Congress Ave, Austin, TX 78701");
    expect(request.searchParams.get("benchmark")).toBe("Public_AR_Current");
    expect(request.searchParams.get("format")).toBe("json");
  });

  it("falls back to the ZIP's centre when the Census finds no match", async () => {
    expect(await geocoder()(at("9 Nowhere Ln"))).toEqual(AUSTIN_78704);
  });

  it("falls back to the ZIP's centre when the Census does not answer in time", async () => {
    expect(await geocoder()(at("1 Slow St"))).toEqual(AUSTIN_78704);
  });

  it("falls back to the ZIP's centre on an error status, an unreadable answer or odd coordinates", async () => {
    expect(await geocoder()(at("1 Broken Rd"))).toEqual(AUSTIN_78704);
    expect(await geocoder()(at("1 Garbled Way"))).toEqual(AUSTIN_78704);
    expect(await geocoder()(at("1 Odd Ct"))).toEqual(AUSTIN_78704);
  });

  it("falls back to the ZIP's centre when the service cannot be reached at all", async () => {
    const unreachable = censusGeocoder({ baseUrl: "http://127.0.0.1:9", timeoutMs: 300 });
    expect(await unreachable(at("100 Congress Ave"))).toEqual(AUSTIN_78704);
  });

  it("answers null when neither the Census nor the ZIP table can place the address", async () => {
    expect(await geocoder()(at("9 Nowhere Ln", "00000"))).toBeNull();
    expect(await geocoder()(at("9 Nowhere Ln", null))).toBeNull();
  });

  it("does not ask the Census without a street, and uses the ZIP alone then", async () => {
    const before = asked.length;
    expect(await geocoder()({ address: null, city: null, state: null, zipCode: "78704-1234" })).toEqual(AUSTIN_78704);
    expect(asked.length).toBe(before);
  });

  it("offline, the ZIP geocoder never uses the network", async () => {
    const before = asked.length;
    expect(await zipGeocoder(at("100 Congress Ave"))).toEqual(AUSTIN_78704);
    expect(asked.length).toBe(before);
    expect(zipCentroid("7870")).toBeNull();
    expect(zipCentroid("not a zip")).toBeNull();
  });

  it("writes the one-line address without empty parts", () => {
    expect(oneLineAddress({ address: " 5 Elm St ", city: null, state: "TX", zipCode: "78745" })).toBe("5 Elm St, TX 78745");
  });
});
