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
  // A quote's link is its capability: the log keeps that a quote was opened, not which.
  return (path || "/").replace(/^\/q\/[^/]+/, "/q/[token]");
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
