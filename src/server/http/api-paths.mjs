// Which paths the API answers (src/server/http/api-server.ts) rather than Next: every /api path but
// the API docs page. Shared by the API's router and by what the server that owns the socket does
// for every request (scripts/server.mjs, security-headers.mjs), which is plain JavaScript.

/**
 * @param {string} pathname the request's path, without its query string
 * @returns {boolean}
 */
export function answeredByApi(pathname) {
  if (pathname !== "/api" && !pathname.startsWith("/api/")) return false;
  return pathname !== "/api/docs" && !pathname.startsWith("/api/docs/");
}
