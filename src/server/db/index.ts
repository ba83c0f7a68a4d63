import { openDatabase, type DatabaseHandle, type Db } from "./client";

export type { Db } from "./client";

import { processState } from "@/server/process-state.mjs";

// One handle per process (process-state.mjs), shared by every copy of the code and kept across
// Next's development reloads, so none opens a pool of its own.
const holder = processState() as { databaseHandle?: Promise<DatabaseHandle> };

/** Work done on a newly opened database before anyone gets it, such as installing the job queue. */
export type OpeningStep = (handle: DatabaseHandle) => Promise<void>;

const openingSteps = new Map<string, OpeningStep>();

/**
 * Adds a step to every opening of the database, by name (a module evaluated again replaces its
 * step). The composition root (src/server/app/install.ts) adds the job queue and the change feed,
 * so this folder knows nothing of either.
 */
export function addOpeningStep(name: string, step: OpeningStep): void {
  openingSteps.set(name, step);
}

/**
 * The database, connected and migrated on first use, with every opening step done. A failed first
 * connection (or step) is not cached: the next call tries again, so the app recovers once the
 * database is back.
 */
export function getDatabase(): Promise<DatabaseHandle> {
  if (!holder.databaseHandle) {
    const opening = openDatabase().then(withOpeningSteps);
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

async function withOpeningSteps(handle: DatabaseHandle): Promise<DatabaseHandle> {
  try {
    for (const step of openingSteps.values()) await step(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
