import "server-only";

import { headers } from "next/headers";
import { cache } from "react";
import { createCaller } from "@/server/api/root";
import { createTRPCContext } from "@/server/api/trpc";

/**
 * Procedures called from Server Components, with the visitor's cookies. Response headers are
 * discarded here: Server Components cannot set cookies, so sign-in happens through the API.
 */
const createContext = cache(async () => {
  const requestHeaders = new Headers(await headers());
  requestHeaders.set("x-trpc-source", "rsc");
  return createTRPCContext({ headers: requestHeaders, resHeaders: new Headers() });
});

export const serverApi = cache(async () => createCaller(await createContext()));
