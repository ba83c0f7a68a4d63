import { describe, expect, it } from "vitest";
import { bookingPrice, DEFAULT_LAWN_SIZE_SQ_FT, MIN_LAWN_SIZE_SQ_FT, RECURRING_DISCOUNT_RATE, servicePriceCents } from "./pricing";

const lawnMowing = { price: 3500, pricePerSqFt: null };
const fertilizationPerSqFt = { price: 6000, pricePerSqFt: 3 };

describe("pricing constants", () => {
  it("match the published prices", () => {
    expect(RECURRING_DISCOUNT_RATE).toBe(0.1);
    expect(DEFAULT_LAWN_SIZE_SQ_FT).toBe(1000);
    expect(MIN_LAWN_SIZE_SQ_FT).toBe(100);
  });
});

describe("servicePriceCents", () => {
  it("uses the flat price when there is no per-sq-ft price, whatever the lawn size", () => {
    expect(servicePriceCents(lawnMowing)).toBe(3500);
    expect(servicePriceCents(lawnMowing, 5000)).toBe(3500);
  });

  it("multiplies the per-sq-ft price by the lawn size", () => {
    expect(servicePriceCents(fertilizationPerSqFt, 2500)).toBe(7500);
  });

  it("assumes 1000 sq ft when the size is absent", () => {
    expect(servicePriceCents(fertilizationPerSqFt)).toBe(3000);
    expect(servicePriceCents(fertilizationPerSqFt, null)).toBe(3000);
  });

  it("rounds to whole cents", () => {
    expect(servicePriceCents({ price: 0, pricePerSqFt: 1.5 }, 333)).toBe(500);
    expect(servicePriceCents({ price: 0, pricePerSqFt: 2 }, 1234.4)).toBe(2469);
  });
});

describe("bookingPrice", () => {
  it("gives no discount to a one-time visit", () => {
    expect(bookingPrice(lawnMowing, { isRecurring: false })).toEqual({ servicePrice: 3500, recurringDiscount: 0, total: 3500 });
  });

  it("takes 10% off a recurring visit", () => {
    expect(bookingPrice(lawnMowing, { isRecurring: true })).toEqual({ servicePrice: 3500, recurringDiscount: 350, total: 3150 });
  });

  it("rounds the discount to whole cents", () => {
    expect(bookingPrice({ price: 2555, pricePerSqFt: null }, { isRecurring: true })).toEqual({
      servicePrice: 2555,
      recurringDiscount: 256,
      total: 2299,
    });
  });

  it("prices a recurring per-sq-ft service on the lawn size", () => {
    expect(bookingPrice(fertilizationPerSqFt, { lawnSizeSqFt: 4000, isRecurring: true })).toEqual({
      servicePrice: 12000,
      recurringDiscount: 1200,
      total: 10800,
    });
  });
});
