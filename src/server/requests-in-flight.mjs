// How many requests this process is answering, so that background work can give way to them: the
// job worker holds a batch while requests are in flight (src/server/jobs/job-queue.ts). Counted by
// scripts/server.mjs, read by the worker in Next's bundle: the count lives in the process state.
import { processState } from "./process-state.mjs";

function requestCount() {
  return (processState().requestCount ??= { count: 0, idle: new Set() });
}

/**
 * Counts a request from now until its response has been sent or its connection has closed
 * (Node emits `close` on the response either way, once).
 *
 * @param {import("node:http").ServerResponse} response
 */
export function countWhileInFlight(response) {
  const requests = requestCount();
  requests.count++;
  response.once("close", () => {
    requests.count--;
    if (requests.count > 0) return;
    for (const resolve of requests.idle) resolve();
  });
}

/** @returns {number} The requests being answered now. */
export function requestsInFlight() {
  return requestCount().count;
}

/**
 * Resolves once no request is in flight, or after `ms` whatever happens.
 *
 * @param {number} ms
 * @returns {Promise<void>}
 */
export function noRequestInFlightOrAfter(ms) {
  const requests = requestCount();
  if (requests.count === 0 || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      requests.idle.delete(done);
      resolve();
    };
    // A stopping worker stops waiting without it: the timer alone never keeps the process up.
    const timer = setTimeout(done, ms).unref();
    requests.idle.add(done);
  });
}
