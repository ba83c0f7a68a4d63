import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDatabase } from "@/server/db";
import { rowsOf } from "@/server/db/rows";
import { sendEmailJob } from "@/server/email/jobs";
import { countWhileInFlight, noRequestInFlightOrAfter } from "@/server/requests-in-flight.mjs";
import { waitFor } from "#test/support/notifications";
import { defineJob } from "./job-definition";
import { enqueueJob, GIVE_WAY_AT_MOST_MS, givingWayMs, startJobWorker } from "./job-queue";
import { JOB_SCHEMA } from "./queues";

describe("background work giving way to requests", () => {
  it("finds the worker behind once a batch's oldest job has waited the longest a job may, counted from when it came due", () => {
    const now = Date.parse("2026-11-29T15:00:00Z");
    const dueAgo = (ms: number) => ({ startAfter: new Date(now - ms) });
    expect(givingWayMs([dueAgo(0)], now)).toBe(GIVE_WAY_AT_MOST_MS);
    expect(givingWayMs([dueAgo(1000), dueAgo(4000)], now)).toBe(GIVE_WAY_AT_MOST_MS - 4000);
    // Due long ago (a retry's first try, a backlog from before a restart): at once.
    expect(givingWayMs([dueAgo(0), dueAgo(GIVE_WAY_AT_MOST_MS + 1)], now)).toBe(0);
    // A database clock ahead of this one never makes a job wait longer.
    expect(givingWayMs([dueAgo(-60_000)], now)).toBe(GIVE_WAY_AT_MOST_MS);
    // As postgres.js reads the column: text.
    expect(givingWayMs([{ startAfter: "2026-11-29 14:59:55.5+00" }], now)).toBe(GIVE_WAY_AT_MOST_MS - 4500);
    expect(givingWayMs([{ startAfter: "not a time" }], now)).toBe(0);
  });

  it("runs a job that came due during a request once no request is in flight", async () => {
    // The app's own database, its queues installed (on the embedded one, the only one there is).
    const handle = await getDatabase();
    const ran: number[] = [];
    let held: http.ServerResponse | undefined;
    const server = http.createServer((_request, response) => {
      countWhileInFlight(response);
      held = response;
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const worker = await startJobWorker(
      handle,
      [defineJob({ ...sendEmailJob, run: async (_db, job) => void ran.push(job.data.outboxId) })],
      {
        pollingIntervalSeconds: 0.2,
        givesWayTo: { idleOrAfter: noRequestInFlightOrAfter },
      },
    );
    try {
      // A slow request in flight, as a booking rush keeps some always.
      const answered = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
        .then((response) => response.text())
        .catch(() => "cut short");
      await waitFor(() => held, 5000, "the request to arrive");
      await enqueueJob(handle.db, sendEmailJob, { outboxId: -201 });
      // Left in the queue while the request is in flight: not even taken, so a process that died
      // meanwhile would leave it to another at once.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(ran).toEqual([]);
      const [waiting] = rowsOf<{ state: string }>(
        await handle.db.execute(
          sql`select state from ${sql.identifier(JOB_SCHEMA)}.job where name = ${sendEmailJob.name} and data->>'outboxId' = '-201'`,
        ),
      );
      expect(waiting?.state).toBe("created");

      held!.end("done");
      expect(await answered).toBe("done");
      await waitFor(() => ran.includes(-201), 5000, "the job to run once the server is idle");
    } finally {
      await worker.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
