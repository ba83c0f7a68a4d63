// The development server's request log. Next's own request log (turned off in next.config.js)
// writes each URL whole, query string included, and a form sent as a GET carries what was typed
// there, passwords too. This one writes the path only, whatever the request carried.

/**
 * The URL's path, without its query string or fragment.
 *
 * @param {string | undefined} url
 * @returns {string}
 */
export function loggablePath(url) {
  const path = (url ?? "/").split(/[?#]/, 1)[0];
  // A quote's link and a calendar feed's address are capabilities: the log keeps that one was
  // opened, not which (whoever read the log could otherwise open the quote or follow the calendar).
  return (path || "/").replace(/^\/q\/[^/]+/, "/q/[token]").replace(/^\/feeds\/calendar\/[^/]+/, "/feeds/calendar/[token]");
}

/**
 * One line for a finished request: method, path, status and duration.
 *
 * @param {{ method?: string; url?: string; status: number; durationMs: number }} entry
 * @returns {string}
 */
export function requestLogLine({ method, url, status, durationMs }) {
  return `${method ?? "GET"} ${loggablePath(url)} ${status} in ${Math.round(durationMs)}ms`;
}

/**
 * Logs the request once its response is sent.
 *
 * @param {import("node:http").IncomingMessage} request
 * @param {import("node:http").ServerResponse} response
 * @param {(line: string) => void} write
 */
export function logRequestWhenDone(request, response, write) {
  const started = performance.now();
  response.once("finish", () => {
    write(
      requestLogLine({ method: request.method, url: request.url, status: response.statusCode, durationMs: performance.now() - started }),
    );
  });
}
