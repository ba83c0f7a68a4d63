import { changeFeedEvents, CHANGES_CHANNEL } from "@/server/cache/change-feed";
import { installJobQueue } from "@/server/jobs/job-queue";
import { openDatabase, type DatabaseHandle, type Db } from "./client";

export type { Db } from "./client";

import { processState } from "@/server/process-state.mjs";

// One handle per process (process-state.mjs), shared by every copy of the code and kept across
// Next's development reloads, so none opens a pool of its own.
const holder = processState();

/**
 * The database, connected and migrated on first use. A failed first connection is not cached:
 * the next call tries again, so the app recovers once the database is back.
 */
export function getDatabase(): Promise<DatabaseHandle> {
  if (!holder.databaseHandle) {
    const opening = openDatabase().then(withJobQueue).then(followChanges);
    holder.databaseHandle = opening;
    opening.catch(() => {
      if (holder.databaseHandle === opening) holder.databaseHandle = undefined;
    });
  }
  return holder.databaseHandle;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

export async function closeDatabase(): Promise<void> {
  const handle = holder.databaseHandle;
  holder.databaseHandle = undefined;
  if (handle) await (await handle).close();
}

/** The job queue's tables and queues, made or brought up to date once the database is migrated. */
async function withJobQueue(handle: DatabaseHandle): Promise<DatabaseHandle> {
  try {
    await installJobQueue(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/**
 * Every process listens for the writes that change cached answers and sign-ins, whichever
 * instance made them. Until it listens, nothing is served from those caches (see change-feed.ts).
 */
async function followChanges(handle: DatabaseHandle): Promise<DatabaseHandle> {
  await handle.listen(CHANGES_CHANNEL, changeFeedEvents()).catch((error) => {
    console.warn("[greenscape] Not listening for database changes; answers are not cached:", error);
  });
  return handle;
}
