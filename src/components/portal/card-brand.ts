const BRANDS: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover" };

/** A card network's name as people write it ("visa" → "Visa"). */
export function brandName(brand: string) {
  return BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}
