import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiHandlerFor } from "./api-routes";
import { handleRestRequest } from "./rest-handler";

const API_DIR = path.join(process.cwd(), "src/app/api");

/** Every route file under src/app/api, as the URL path it serves (dynamic segments filled in). */
function routeFiles(dir = API_DIR): Array<{ file: string; urlPath: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    if (!/^(route\.ts|page\.tsx)$/.test(entry.name)) return [];
    const segments = path.relative(API_DIR, dir).split(path.sep).filter(Boolean).map((segment) => (segment.startsWith("[") ? "anything" : segment));
    return [{ file: path.relative(process.cwd(), full), urlPath: ["/api", ...segments].join("/") }];
  });
}

// In production /api/* never reaches Next's router: a route file that the fast path does not know
// would answer the REST dispatcher's 404 there while working under `next dev`.
describe("the production /api dispatch", () => {
  it("knows every route file under src/app/api", () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(3);
    for (const { file, urlPath } of files) {
      const handler = apiHandlerFor(urlPath);
      if (file.endsWith("page.tsx")) expect(handler, `${file} is a page: Next must serve ${urlPath}`).toBeNull();
      else if (file.includes("[...rest]")) expect(handler, file).toBe(handleRestRequest);
      else expect(handler === null || handler === handleRestRequest ? "not dispatched" : "dispatched", `${file} (${urlPath}) needs an entry in src/server/http/api-routes.ts`).toBe("dispatched");
    }
  });

  it("leaves everything outside /api to Next", () => {
    for (const urlPath of ["/", "/about", "/apiary", "/staff", "/feeds/calendar/x"]) expect(apiHandlerFor(urlPath)).toBeNull();
  });
});
