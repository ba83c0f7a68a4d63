import "server-only";

import { createHydrationHelpers } from "@trpc/react-query/rsc";
import { headers } from "next/headers";
import { cache } from "react";
import { createCaller, type AppRouter } from "@/server/app/router";
import { createTRPCContext } from "@/server/api/trpc";
import { createQueryClient } from "./query-client";

/**
 * Procedures called from Server Components, with the visitor's cookies. Response headers are
 * discarded here: Server Components cannot set cookies, so sign-in happens through the API.
 */
const createContext = cache(async () => {
  return createTRPCContext({ headers: new Headers(await headers()), resHeaders: new Headers() });
});

export const serverApi = cache(async () => createCaller(await createContext()));

/** One query cache per request, shared by the layout and the page that prefetch into it. */
const getQueryClient = cache(createQueryClient);

/**
 * Server-rendered first screens: a page awaits `prefetchApi.x.y.prefetch(input)` and wraps its
 * client screen in `<HydrateClient>`, so the screen's `api.x.y.useQuery(input)` starts with the
 * answer instead of a round trip from the phone. A refused prefetch (no session) caches nothing;
 * the client then asks and the staff gate sends the visitor to sign in.
 */
export const { trpc: prefetchApi, HydrateClient } = createHydrationHelpers<AppRouter>(createCaller(createContext), getQueryClient);
