"use client";

import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { useState, type ReactNode } from "react";
import superjson from "superjson";
import { CUSTOMER_SIGNED_OUT_EVENT } from "@/components/public/customer-session-store";
import type { AppRouter } from "@/server/app/router";
import { createQueryClient } from "./query-client";

export const api = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

let browserQueryClient: QueryClient | undefined;

function getQueryClient() {
  // On the server every request gets its own cache; in the browser one cache lives for the tab.
  if (typeof window === "undefined") return createQueryClient();
  if (!browserQueryClient) {
    const client = createQueryClient();
    // A logout from the public header (which has no tRPC client) must not leave the last
    // customer's portal data cached for whoever signs in next in this tab.
    window.addEventListener(CUSTOMER_SIGNED_OUT_EVENT, () => void client.invalidateQueries());
    browserQueryClient = client;
  }
  return browserQueryClient;
}

/**
 * Mounted only by the layouts whose pages use tRPC hooks (staff, staff login, the customer account
 * and its sign-in pages, payment return), not by the root layout, so the public pages (booking
 * included, which posts with plain fetch) do not ship tRPC and TanStack Query.
 */
export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(() =>
    api.createClient({
      links: [
        httpBatchLink({
          transformer: superjson,
          // Only the browser calls it: server-rendered pages call procedures directly and hand
          // their answers over through <HydrateClient> (src/trpc/server.ts).
          url: "/api/trpc",
          // Every call carries the session cookie.
          fetch: (url, options) => fetch(url, { ...options, credentials: "include" }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <api.Provider client={trpcClient} queryClient={queryClient}>
        {children}
      </api.Provider>
    </QueryClientProvider>
  );
}
