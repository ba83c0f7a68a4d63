// Security headers for every response, set by the server that owns the socket (scripts/server.mjs).
// Next.js needs inline scripts on every page (its bootstrap and the page's data). A page rendered per
// request gets a fresh nonce: Next reads it from the request's Content-Security-Policy header and puts
// it on each script. A page prerendered at build time cannot carry a nonce, so its inline scripts are
// allowed by their SHA-256 hashes, read from the built HTML when the server starts.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { answeredByApi } from "./api-paths.mjs";

// Stripe.js and its card fields load from Stripe's own origins.
const STRIPE_SCRIPTS = "https://js.stripe.com https://*.js.stripe.com";
const STRIPE_FRAMES = "https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com";
const STRIPE_CONNECT = "https://api.stripe.com";

/**
 * The policy for one response. `scriptSources` are the nonce or the hashes that allow this page's
 * inline scripts; same-origin script files are allowed by 'self'.
 *
 * @param {{ scriptSources: string[]; dev?: boolean; https?: boolean }} options
 * @returns {string}
 */
export function contentSecurityPolicy({ scriptSources, dev = false, https = false }) {
  const directives = [
    "default-src 'self'",
    // React needs eval in development only, for its server error stacks.
    `script-src 'self' ${scriptSources.join(" ")} ${STRIPE_SCRIPTS}${dev ? " 'unsafe-eval'" : ""}`,
    // Style attributes (positioned menus and dialogs) are not scripts; the stylesheets are ours.
    "style-src 'self' 'unsafe-inline'",
    // Map tiles for the crews' route maps come from OpenStreetMap (docs/product-rules.md#the-days-route).
    "img-src 'self' data: blob: https://*.stripe.com https://tile.openstreetmap.org",
    "font-src 'self' data:",
    `connect-src 'self' ${STRIPE_CONNECT}`,
    `frame-src ${STRIPE_FRAMES}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** @param {string} text */
function sha256Source(text) {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * The hashes of the inline scripts of every page prerendered by `next build`, by URL path ("/about"),
 * plus "/_not-found" for the 404 page that any unknown path gets.
 *
 * @param {string} distDir the build folder, usually ".next"
 * @returns {Map<string, string[]>}
 */
export function prerenderedScriptHashes(distDir) {
  const hashes = new Map();
  const manifestFile = path.join(distDir, "prerender-manifest.json");
  if (!existsSync(manifestFile)) return hashes;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  for (const route of Object.keys(manifest.routes ?? {})) {
    const htmlFile = path.join(distDir, "server", "app", `${route === "/" ? "/index" : route}.html`);
    if (!existsSync(htmlFile)) continue;
    const html = readFileSync(htmlFile, "utf8");
    const sources = new Set();
    for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (!/\bsrc=/.test(attributes ?? "") && body) sources.add(sha256Source(body));
    }
    hashes.set(route, [...sources]);
  }
  return hashes;
}

/**
 * The function that sets the security headers of each request/response pair (Node's http objects).
 * For a page rendered per request it also hands Next the nonce through the request's CSP header,
 * replacing anything the client sent there. Prerendered pages' policies are built once.
 *
 * @param {{ prerendered: Map<string, string[]>; dev: boolean; https: boolean }} options
 * @returns {(request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse) => void}
 */
/** The same on every answer, pages and API alike (the API is answered without Next in production). */
/** @type {Array<[string, string]>} */
export const FIXED_HEADERS = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "DENY"],
];

/**
 * @param {{ prerendered: Map<string, string[]>, dev: boolean, https: boolean }} options
 * @returns {(request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse) => void}
 */
export function securityHeaders({ prerendered, dev, https }) {
  // A 404 is the prerendered not-found page, whose scripts carry no nonce: every policy allows those.
  const notFound = prerendered.get("/_not-found") ?? [];
  const fixedPolicies = new Map();
  if (!dev) {
    for (const [route, hashes] of prerendered) {
      fixedPolicies.set(route, contentSecurityPolicy({ scriptSources: [...new Set([...hashes, ...notFound])], dev, https }));
    }
  }
  // An API answer (JSON, an image, TwiML) runs no script and is never rendered by Next: no nonce to
  // make for it (a random nonce per request was a few percent of a booking's CPU, bench/RESULTS.md).
  const apiPolicy = contentSecurityPolicy({ scriptSources: [], dev, https });
  return (request, response) => {
    const pathname = (request.url ?? "/").split("?", 1)[0]?.replace(/\/+$/, "") || "/";
    // A form posted to a prerendered page (a server action sent before the page's scripts ran) is
    // answered with a page rendered for that request, whose inline scripts carry the nonce.
    let policy = answeredByApi(pathname) ? apiPolicy : request.method === "POST" ? undefined : fixedPolicies.get(pathname);
    if (policy) {
      delete request.headers["content-security-policy"];
    } else {
      const nonce = randomBytes(16).toString("base64");
      policy = contentSecurityPolicy({ scriptSources: [`'nonce-${nonce}'`, ...notFound], dev, https });
      request.headers["content-security-policy"] = policy;
    }
    response.setHeader("Content-Security-Policy", policy);
    for (const [name, value] of FIXED_HEADERS) response.setHeader(name, value);
    // Only over https: a browser told to insist on https for a plain-http demo could not reach it.
    if (https) response.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  };
}
