import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiHandlerFor } from "./api-routes";
import { handleRestRequest } from "./rest-handler";

const API_DIR = path.join(process.cwd(), "src/app/api");

/** Every file under src/app/api, relative to the project. */
function filesUnder(dir = API_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [path.relative(process.cwd(), full)];
  });
}

// /api/* has one door, src/server/http/api-server.ts, in development and production alike: Next
// serves only the API's documentation page there.
describe("the /api dispatch", () => {
  it("leaves Next no route handler under /api, only the docs page", () => {
    expect(filesUnder()).toEqual([path.join("src", "app", "api", "docs", "page.tsx")]);
    expect(apiHandlerFor("/api/docs")).toBeNull();
  });

  it("answers every other /api path itself", () => {
    for (const urlPath of [
      "/api/trpc/services.list",
      "/api/webhooks/stripe",
      "/api/webhooks/twilio/messages",
      "/api/webhooks/twilio/status",
      "/api/openapi.json",
    ]) {
      const handler = apiHandlerFor(urlPath);
      expect(handler === null || handler === handleRestRequest ? "not dispatched" : "dispatched", urlPath).toBe("dispatched");
    }
    for (const urlPath of ["/api/services", "/api/anything/else"]) expect(apiHandlerFor(urlPath)).toBe(handleRestRequest);
  });

  it("leaves everything outside /api to Next", () => {
    for (const urlPath of ["/", "/about", "/apiary", "/staff", "/feeds/calendar/x"]) expect(apiHandlerFor(urlPath)).toBeNull();
  });
});
