// Recurring visits save 10% of the service price (rounded), per-sq-ft services are priced
// on the lawn size (default 1000, minimum 100). All amounts are integer cents (docs/product-rules.md#payments).
export const RECURRING_DISCOUNT_RATE = 0.1;
export const DEFAULT_LAWN_SIZE_SQ_FT = 1000;
export const MIN_LAWN_SIZE_SQ_FT = 100;

export interface PricedService {
  price: number;
  pricePerSqFt: number | null;
}

export interface BookingPrice {
  servicePrice: number;
  recurringDiscount: number;
  total: number;
}

export function servicePriceCents(service: PricedService, lawnSizeSqFt?: number | null): number {
  if (service.pricePerSqFt === null) return service.price;
  return Math.round(service.pricePerSqFt * (lawnSizeSqFt ?? DEFAULT_LAWN_SIZE_SQ_FT));
}

export function bookingPrice(service: PricedService, options: { lawnSizeSqFt?: number | null; isRecurring: boolean }): BookingPrice {
  const servicePrice = servicePriceCents(service, options.lawnSizeSqFt);
  const recurringDiscount = options.isRecurring ? Math.round(servicePrice * RECURRING_DISCOUNT_RATE) : 0;
  return { servicePrice, recurringDiscount, total: servicePrice - recurringDiscount };
}
