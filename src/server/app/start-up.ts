import "@/server/app/install";
import { config, ConfigError } from "@/server/config";
import { getDatabase } from "@/server/db";
import { prepareDatabaseAtStartup } from "@/server/app/prepare-database";
import { startBackgroundWork } from "@/server/app/background-work";
import type { JobWorker } from "@/server/jobs/job-queue";
import { processState } from "@/server/process-state.mjs";
import { noRequestInFlightOrAfter } from "@/server/requests-in-flight.mjs";

const WORKER_RETRY_MS = 15_000;

/** What the Node.js server does once at start, before it answers a request. */
export async function startServerOnce() {
  try {
    config();
  } catch (error) {
    // A server that would send links to localhost or read a mistyped limit must not start.
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[greenscape] ${error.message}`);
    process.exit(1);
  }
  try {
    await prepareDatabaseAtStartup();
  } catch (error) {
    // The app still starts; requests retry the connection (see getDatabase) once the database is up.
    console.error("[greenscape] Database not ready at start-up:", error);
  }
  // scripts/server.mjs stops the worker through the process state on SIGTERM.
  if (config().jobWorker) (processState() as { jobWorker?: JobWorker }).jobWorker ??= startWorkerWhenDatabaseIsUp();
}

/**
 * The job worker starts with the server; while the database is down it tries again every 15 s.
 * Stopping it before it started ends the tries.
 */
function startWorkerWhenDatabaseIsUp(): JobWorker {
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const running = (async (): Promise<JobWorker | null> => {
    while (!stopped) {
      try {
        // Background work gives way to the requests scripts/server.mjs counts (see job-queue.ts).
        const worker = await startBackgroundWork(await getDatabase(), { givesWayTo: { idleOrAfter: noRequestInFlightOrAfter } });
        console.log("[greenscape] Job worker started (email, webhooks, reminders).");
        return worker;
      } catch (error) {
        console.error("[greenscape] Job worker could not start; trying again shortly:", error);
        await new Promise((resolve) => (retry = setTimeout(resolve, WORKER_RETRY_MS)));
      }
    }
    return null;
  })();
  return {
    async stop(timeoutMs) {
      stopped = true;
      clearTimeout(retry);
      const worker = await Promise.race([running, Promise.resolve(null)]);
      await worker?.stop(timeoutMs);
    },
  };
}
