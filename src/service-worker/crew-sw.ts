/// <reference lib="webworker" />
// The crew's service worker (docs/product-rules.md#the-crews-phone), built by Serwist from
// src/app/serwist/[path]/route.ts and registered by the /crew page only, with /crew as its scope.
// It keeps the app shell (the build's static files, precached at install) and, when the page
// loads, the /crew page and today's route, so the day opens and works without signal. Actions
// taken offline wait in IndexedDB on the page (src/components/crew/field-queue.ts), not here.
import { CacheFirst, NetworkFirst, type PrecacheEntry, Serwist, type SerwistGlobalConfig } from "serwist";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

const PAGES = "crew-pages";
const DAY = "crew-day";
/** A phone on a weak signal: wait this long for the network, then answer from the cache. */
const NETWORK_TIMEOUT_SECONDS = 4;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching: [
    {
      matcher: ({ request, url }) => request.mode === "navigate" && url.pathname === "/crew",
      handler: new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS }),
    },
    {
      matcher: ({ request, url }) => request.method === "GET" && url.pathname === "/api/crew/day",
      handler: new NetworkFirst({ cacheName: DAY, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS }),
    },
    {
      matcher: ({ url }) =>
        url.origin === self.location.origin && (url.pathname.startsWith("/_next/static/") || url.pathname.startsWith("/crew/")),
      handler: new CacheFirst({ cacheName: "crew-static" }),
    },
  ],
});

/** When the page loads it asks for the shell and today's route to be kept now, not on the next visit. */
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type !== "KEEP_CREW_DAY") return;
  event.waitUntil(
    Promise.all([
      caches.open(PAGES).then((cache) => cache.add(new Request("/crew", { credentials: "same-origin" }))),
      caches.open(DAY).then((cache) => cache.add(new Request("/api/crew/day", { credentials: "same-origin" }))),
    ]).catch(() => undefined),
  );
});

serwist.addEventListeners();
