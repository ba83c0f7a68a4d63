// Lawn-care products and applicator licenses, named once for the database schema, the forms and
// the OpenAPI document. The schema imports this file by a relative path, so it imports nothing.
// The rules: docs/product-rules.md#products-and-licenses.

/** The units a product's rate is measured in. */
export const PRODUCT_UNITS = ["fl oz", "oz", "lb", "gal", "qt"] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

/** A Texas Department of Agriculture applicator license: a certified applicator's, or a technician's under one. */
export const LICENSE_TYPES = ["certified_applicator", "technician"] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

export const LICENSE_TYPE_LABELS: Record<LicenseType, string> = {
  certified_applicator: "Certified applicator",
  technician: "Technician",
};

/**
 * Rates are kept as whole thousandths of a unit per 1,000 sq ft (1.5 fl oz is 1500): exact, like
 * cents, so a rate read back, summed or multiplied never drifts as a float would.
 */
export const RATE_SCALE = 1000;

export function rateFromThousandths(thousandths: number): number {
  return thousandths / RATE_SCALE;
}

export function rateToThousandths(rate: number): number {
  return Math.round(rate * RATE_SCALE);
}
