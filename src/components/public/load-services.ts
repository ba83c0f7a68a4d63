import "server-only";

import { unstable_rethrow } from "next/navigation";
import { cache } from "react";
import { serverApi } from "@/trpc/server";
import type { CatalogueService } from "./service-types";

/**
 * The catalogue for a server-rendered page, once per request. A failure reads as an empty list:
 * the pages then show the built-in fallback services, with no error state (spec section 8, Other).
 */
export const loadCatalogue = cache(async (): Promise<CatalogueService[]> => {
  try {
    return await (await serverApi()).services.list({});
  } catch (error) {
    // Next signals dynamic rendering with thrown errors; those must reach it.
    unstable_rethrow(error);
    console.error("Could not load the service catalogue", error);
    return [];
  }
});
