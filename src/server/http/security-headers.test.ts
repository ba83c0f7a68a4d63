import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy, prerenderedScriptHashes, securityHeaders } from "./security-headers.mjs";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** A build folder with two prerendered pages, as `next build` leaves them. */
function fakeBuild() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "csp-build-"));
  mkdirSync(path.join(dir, "server", "app", "payments"), { recursive: true });
  writeFileSync(
    path.join(dir, "prerender-manifest.json"),
    JSON.stringify({ routes: { "/about": {}, "/payments/success": {}, "/_not-found": {} } }),
  );
  writeFileSync(
    path.join(dir, "server", "app", "about.html"),
    '<html><script src="/_next/static/chunks/a.js" async=""></script><script>self.__next_f=[]</script><script id="_R_">boot()</script></html>',
  );
  writeFileSync(path.join(dir, "server", "app", "payments", "success.html"), "<html><script>paid()</script></html>");
  writeFileSync(path.join(dir, "server", "app", "_not-found.html"), "<html><script>missing()</script></html>");
  return dir;
}

const built = fakeBuild();
afterAll(() => rmSync(built, { recursive: true, force: true }));

function exchange(url: string, headers: Record<string, string> = {}, method = "GET") {
  const request = { url, method, headers: { ...headers } } as unknown as IncomingMessage;
  const set: Record<string, string> = {};
  const response = { setHeader: (name: string, value: string) => (set[name.toLowerCase()] = value) } as unknown as ServerResponse;
  return { request, response, set };
}

describe("the Content-Security-Policy", () => {
  it("forbids framing and plugins and allows Stripe's scripts and frames", () => {
    const policy = contentSecurityPolicy({ scriptSources: ["'nonce-abc'"] });
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toMatch(/script-src 'self' 'nonce-abc' https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toContain("'unsafe-inline' https://js.stripe.com");
    expect(contentSecurityPolicy({ scriptSources: [], dev: true })).toContain("'unsafe-eval'");
  });

  it("hashes each prerendered page's inline scripts, never its script files", () => {
    const hashes = prerenderedScriptHashes(built);
    expect(hashes.get("/about")).toEqual([sha("self.__next_f=[]"), sha("boot()")]);
    expect(hashes.get("/payments/success")).toEqual([sha("paid()")]);
  });

  it("gives a prerendered page its hashes and a rendered page a fresh nonce that Next reads from the request", () => {
    const apply = securityHeaders({ prerendered: prerenderedScriptHashes(built), dev: false, https: false });

    const about = exchange("/about?from=home", { "content-security-policy": "script-src 'nonce-forgedbyclient'" });
    apply(about.request, about.response);
    expect(about.set["content-security-policy"]).toContain(sha("boot()"));
    expect(about.set["content-security-policy"]).not.toContain("nonce-");
    expect(about.request.headers["content-security-policy"]).toBeUndefined();

    const first = exchange("/book", { "content-security-policy": "script-src 'nonce-forgedbyclient'" });
    const second = exchange("/book");
    apply(first.request, first.response);
    apply(second.request, second.response);
    const nonce = /'nonce-([^']+)'/.exec(first.set["content-security-policy"]!)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.request.headers["content-security-policy"]).toBe(first.set["content-security-policy"]);
    expect(first.set["content-security-policy"]).not.toContain("forgedbyclient");
    expect(second.set["content-security-policy"]).not.toContain(nonce);
    // An unknown path gets the prerendered 404 page, whose script is allowed too.
    expect(second.set["content-security-policy"]).toContain(sha("missing()"));
    expect(first.set["strict-transport-security"]).toBeUndefined();
  });

  it("gives a form posted to a prerendered page a nonce: the answer is a page rendered for that request", () => {
    const apply = securityHeaders({ prerendered: prerenderedScriptHashes(built), dev: false, https: false });
    const posted = exchange("/about", {}, "POST");
    apply(posted.request, posted.response);
    expect(posted.set["content-security-policy"]).toMatch(/'nonce-[A-Za-z0-9+/]{22}=='/);
    expect(posted.set["content-security-policy"]).not.toContain(sha("boot()"));
    expect(posted.request.headers["content-security-policy"]).toBe(posted.set["content-security-policy"]);
  });

  it("gives API answers one policy that allows no inline script, and the API docs page its nonce", () => {
    const apply = securityHeaders({ prerendered: prerenderedScriptHashes(built), dev: false, https: false });
    const policies = ["/api/bookings", "/api/services?x=1", "/api/trpc/services.list", "/api/", "/api"].map((url) => {
      const { request, response, set } = exchange(url, { "content-security-policy": "script-src 'nonce-forgedbyclient'" }, "POST");
      apply(request, response);
      // Nothing for Next to read: the API answers without it, and a client's own is dropped.
      expect(request.headers["content-security-policy"], url).toBeUndefined();
      return set["content-security-policy"];
    });
    expect(new Set(policies).size).toBe(1);
    expect(policies[0]).toContain("frame-ancestors 'none'");
    expect(policies[0]).not.toMatch(/nonce-|sha256-|unsafe-inline' https/);
    const docs = exchange("/api/docs");
    apply(docs.request, docs.response);
    expect(docs.set["content-security-policy"]).toMatch(/'nonce-[A-Za-z0-9+/]{22}=='/);
    expect(docs.request.headers["content-security-policy"]).toBe(docs.set["content-security-policy"]);
  });

  it("sets nosniff, the referrer policy and no framing on pages and API answers alike", () => {
    const apply = securityHeaders({ prerendered: prerenderedScriptHashes(built), dev: false, https: false });
    for (const url of ["/about", "/book", "/api/services", "/api/trpc/services.list"]) {
      const { request, response, set } = exchange(url);
      apply(request, response);
      expect(set["x-content-type-options"], url).toBe("nosniff");
      expect(set["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(set["x-frame-options"], url).toBe("DENY");
    }
  });

  it("adds Strict-Transport-Security and upgrades requests only when served over https", () => {
    const apply = securityHeaders({ prerendered: new Map(), dev: false, https: true });
    const page = exchange("/");
    apply(page.request, page.response);
    expect(page.set["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(page.set["content-security-policy"]).toContain("upgrade-insecure-requests");
  });
});
