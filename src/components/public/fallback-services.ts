import type { ServiceCategory } from "@/server/db/schema/services";
import type { CatalogueService } from "./service-types";

function fallbackService(name: string, price: number, duration: number, category: ServiceCategory): CatalogueService {
  return {
    id: null,
    name,
    price,
    duration,
    category,
    estimatedDuration: duration,
    description: null,
    pricePerSqFt: null,
    isPopular: false,
    imageUrl: null,
  };
}

/** Fallback services: shown when the catalogue is empty or cannot be loaded. */
export const FALLBACK_SERVICES: readonly CatalogueService[] = [
  fallbackService("Lawn Mowing", 3500, 60, "mowing"),
  fallbackService("Edging & Trimming", 2500, 45, "trimming"),
  fallbackService("Full Service Package", 5500, 90, "mowing"),
  fallbackService("Leaf Removal", 4000, 60, "cleanup"),
  fallbackService("Lawn Fertilization", 6000, 45, "fertilization"),
];

/** The home page's fallback prices are 35.00, 25.00 and 55.00. */
export const HOME_FALLBACK_SERVICES = FALLBACK_SERVICES.slice(0, 3);
