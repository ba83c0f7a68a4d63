import { changeFeedEvents, CHANGES_CHANNEL } from "@/server/cache/change-feed";
import { addOpeningStep } from "@/server/db";
import { installSubscribers } from "@/server/events/emit";
import { installJobQueue } from "@/server/jobs/job-queue";
import { locateOnWrites } from "@/server/locations/locate-on-writes";
import { JOB_DEFINITIONS } from "./background-work";
import { SUBSCRIBERS } from "./subscribers";

/**
 * What the app installs before anything runs, imported first by every entry point (router.ts,
 * start-up.ts, scripts/db.ts, the tests' setup): the domain events' subscribers, and what is done
 * to every newly opened database: the job queue's tables and the queue of every job definition
 * made or brought up to date, and the change feed followed.
 */
installSubscribers(SUBSCRIBERS);

addOpeningStep("job queue", (handle) => installJobQueue(handle, JOB_DEFINITIONS));

/**
 * Every process listens for the writes that change cached answers and sign-ins, whichever
 * instance made them. Until it listens, nothing is served from those caches (see change-feed.ts).
 * The same writes ask the locating job to place new and changed addresses (locate-on-writes.ts).
 */
addOpeningStep("change feed", async (handle) => {
  const caches = changeFeedEvents();
  const locating = locateOnWrites(handle.db, (error) => console.warn("[greenscape] Could not ask for addresses to be placed:", error));
  const events = {
    onMessage(table: string) {
      caches.onMessage(table);
      locating.written(table);
    },
    onListening() {
      caches.onListening();
      locating.listening();
    },
    onDeaf: caches.onDeaf,
  };
  await handle.listen(CHANGES_CHANNEL, events).catch((error) => {
    console.warn("[greenscape] Not listening for database changes; answers are not cached:", error);
  });
});
