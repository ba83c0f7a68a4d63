import { capitalize } from "@/lib/capitalize";

const BRANDS: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover" };

/** A card network's name as people write it ("visa" → "Visa"). */
export function brandName(brand: string) {
  return BRANDS[brand] ?? capitalize(brand);
}
