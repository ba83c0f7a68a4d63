import "server-only";

import { unstable_rethrow } from "next/navigation";
import { cache } from "react";
import { serverApi } from "@/trpc/server";
import type { CatalogueService } from "./service-types";

/**
 * The catalogue for a server-rendered page, once per request, and the one place its failure is
 * handled: it never rejects. A failure reads as an empty list, so the pages show the built-in
 * fallback services with no error state (docs/product-rules.md#booking-and-slots). While the database is briefly
 * away the procedure answers its last good copy instead, so this rarely happens.
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
