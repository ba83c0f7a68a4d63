import type { ServiceCategory } from "@/server/db/schema/services";

/** What a service card needs; a built-in fallback service has no id in the catalogue. */
export interface CatalogueService {
  id: number | null;
  name: string;
  description: string | null;
  price: number;
  pricePerSqFt: number | null;
  category: ServiceCategory;
  duration: number;
  estimatedDuration: number;
  isPopular: boolean;
  imageUrl: string | null;
}

/** Booking links carry the service id when there is one (/book?service=<id>). */
export function bookingHref(service: Pick<CatalogueService, "id">): string {
  return service.id === null ? "/book" : `/book?service=${service.id}`;
}

export const SERVICE_GRID_CLASSES = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3";
