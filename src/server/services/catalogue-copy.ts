import type { Db } from "@/server/db";
import { databaseUnavailableStage } from "@/server/db/errors";
import { listServices } from "./list-services";

type Catalogue = Awaited<ReturnType<typeof listServices>>;

import { processState } from "@/server/process-state.mjs";

// Kept in the process state: Next bundles pages apart from the API, and both should serve one copy.
const holder = processState() as { lastCatalogue?: { services: Catalogue; readAt: number } };

/**
 * The public catalogue, and when the database is away, the last copy read from it. The catalogue
 * changes a few times a year, so a copy of a few minutes or hours beats an error page for a
 * homeowner. `copyAgeSeconds` is null for a fresh read.
 */
export async function readCatalogue(db: Db, now = Date.now()): Promise<{ services: Catalogue; copyAgeSeconds: number | null }> {
  try {
    const services = await listServices(db);
    holder.lastCatalogue = { services, readAt: now };
    return { services, copyAgeSeconds: null };
  } catch (error) {
    const copy = holder.lastCatalogue;
    if (!copy || !databaseUnavailableStage(error)) throw error;
    return { services: copy.services, copyAgeSeconds: Math.max(0, Math.round((now - copy.readAt) / 1000)) };
  }
}

/** Caches may keep the catalogue a minute, and serve it for a day while we answer errors. */
export const CATALOGUE_CACHE_CONTROL = "public, max-age=60, stale-if-error=86400";
/** A copy served during an outage is already stale: caches must not treat it as fresh. */
export const CATALOGUE_COPY_CACHE_CONTROL = "public, max-age=0, stale-if-error=86400";
