import { QueryClient } from "@tanstack/react-query";
import superjson from "superjson";

/**
 * Data cache defaults: data never goes stale, no refetch on window focus, no
 * interval, no retries for queries or mutations. Screens that poll (messages) say so themselves.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
      // Server-rendered pages await their prefetches, so only finished answers are handed over;
      // superjson keeps their dates dates on the way.
      dehydrate: { serializeData: superjson.serialize },
      hydrate: { deserializeData: superjson.deserialize },
    },
  });
}
