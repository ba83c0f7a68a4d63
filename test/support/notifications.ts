import http from "node:http";
import type { AddressInfo } from "node:net";
import type { DatabaseHandle } from "../../src/server/db/client";
import { startBackgroundWork } from "../../src/server/app/background-work";
import type { WorkerOptions } from "../../src/server/jobs/job-queue";
import { JOB_SCHEMA } from "../../src/server/jobs/queues";
import { sendEmailJob } from "../../src/server/email/jobs";
import { announceBookingJob } from "../../src/server/notifications/jobs";
import { deliverWebhookJob } from "../../src/server/webhooks/jobs";
import { announceQueuedBooking, type BookingAnnouncementJob } from "../../src/server/notifications/announce";
import { rowsOf } from "../../src/server/db/rows";
import { sql } from "drizzle-orm";

/** Polls until `check` returns something truthy, or fails after `timeoutMs`. */
type Falsy = null | undefined | false | 0 | "";

export async function waitFor<T>(check: () => Promise<T | Falsy> | T | Falsy, timeoutMs = 15_000, what = "the condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as T;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Makes every booking announcement still waiting in the queue now, as the worker would (a booking's
 * emails and webhook are made by a job after its commit). Idempotent, like the job itself.
 */
export async function announceQueuedBookings(db: DatabaseHandle["db"]): Promise<void> {
  const result: unknown = await db.execute(
    sql`select data from ${sql.raw(`${JOB_SCHEMA}.job`)} where name = ${announceBookingJob.name} and state = 'created' order by created_on`,
  );
  for (const { data } of rowsOf<{ data: BookingAnnouncementJob }>(result)) await announceQueuedBooking(db, data);
}

/** The background worker as the server runs it, polling fast and retrying after a second. */
export function startTestWorker(handle: Pick<DatabaseHandle, "db" | "runScript">, options: WorkerOptions = {}) {
  return startBackgroundWork(handle, {
    pollingIntervalSeconds: 0.5,
    periodic: false,
    policies: {
      [sendEmailJob.name]: { retryLimit: 2, retryDelay: 1, retryBackoff: false },
      [deliverWebhookJob.name]: { retryLimit: 2, retryDelay: 1, retryBackoff: false },
    },
    ...options,
  });
}

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An integration's endpoint on a free local port: records each request and answers `status`. */
export async function startWebhookReceiver(status = 200) {
  const received: ReceivedWebhook[] = [];
  const receiver = { status, received, url: "", close: async () => {} };
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(receiver.status, { "content-type": "text/plain" }).end(receiver.status < 300 ? "ok" : "not today");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}
