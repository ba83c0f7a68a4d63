// Shared by the crew page and its service worker (src/service-worker/crew-sw.ts): the caches the
// worker answers from when there is no signal, which the page fills as soon as it loads.

/** The /crew page itself. */
export const CREW_PAGES_CACHE = "crew-pages";
/** Today's route as GET /api/crew/day answered it. */
export const CREW_DAY_CACHE = "crew-day";
export const CREW_DAY_URL = "/api/crew/day";
/** Set by the service worker on an answer it took from its cache: the page then knows the day is not fresh. */
export const FROM_CACHE_HEADER = "x-crew-from-cache";
