/// <reference lib="webworker" />
// The crew's service worker (docs/product-rules.md#the-crews-phone), built by Serwist from
// src/app/serwist/[path]/route.ts and registered by the /crew page only, with /crew as its scope.
// It keeps the app shell (the build's static files, precached at install) and answers /crew and
// today's route from the network, or without signal from the caches the page fills as it loads
// (src/lib/crew-offline.ts). Actions taken offline wait in IndexedDB on the page
// (src/components/crew/field-queue.ts), not here.
import { CacheFirst, NetworkFirst, type PrecacheEntry, Serwist, type SerwistGlobalConfig } from "serwist";
import { CREW_DAY_CACHE, CREW_DAY_URL, CREW_PAGES_CACHE, FROM_CACHE_HEADER } from "../lib/crew-offline";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

/** A phone on a weak signal: wait this long for the network, then answer from the cache. */
const NETWORK_TIMEOUT_SECONDS = 4;

function markedAsCached(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(FROM_CACHE_HEADER, "1");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching: [
    {
      matcher: ({ request, url }) => request.mode === "navigate" && url.pathname === "/crew",
      handler: new NetworkFirst({ cacheName: CREW_PAGES_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS }),
    },
    {
      matcher: ({ request, url }) => request.method === "GET" && url.pathname === CREW_DAY_URL,
      handler: new NetworkFirst({
        cacheName: CREW_DAY_CACHE,
        networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
        // The page must not take a kept copy for a fresh one (it would overwrite newer work on the phone).
        plugins: [{ cachedResponseWillBeUsed: async ({ cachedResponse }) => cachedResponse && markedAsCached(cachedResponse) }],
      }),
    },
    {
      matcher: ({ url }) =>
        url.origin === self.location.origin && (url.pathname.startsWith("/_next/static/") || url.pathname.startsWith("/crew/")),
      handler: new CacheFirst({ cacheName: "crew-static" }),
    },
  ],
});

serwist.addEventListeners();
