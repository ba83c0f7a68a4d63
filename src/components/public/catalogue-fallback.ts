import { unstable_rethrow } from "next/navigation";
import type { CatalogueService } from "./service-types";

/** A failed catalogue reads as an empty one (spec section 8, Other), but Next's own signals pass through. */
export function emptyUnlessNextSignal(error: unknown): CatalogueService[] {
  unstable_rethrow(error);
  return [];
}
