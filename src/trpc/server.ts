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
  return createTRPCContext({ headers: new Headers(await headers()), resHeaders: new Headers() });
});

export const serverApi = cache(async () => createCaller(await createContext()));
