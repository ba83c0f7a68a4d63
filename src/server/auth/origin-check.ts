const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Browsers send Origin and Sec-Fetch-Site with writes; a write that names another site is refused,
 * so a page elsewhere cannot ride on a signed-in visitor's cookie. Non-browser clients (API keys,
 * scripts) send neither header and pass.
 */
export function isCrossSiteWrite(request: Pick<Request, "method" | "headers">): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}
