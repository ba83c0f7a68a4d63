// A quote's money, in integer cents, computed the same way by the server (what is recorded and
// charged) and by the customer's page (the live totals as optional items are ticked).
// docs/product-rules.md#quotes

import type { DepositKind } from "./quote-enums";

export interface QuoteLine {
  id: number;
  quantity: number;
  /** Cents. */
  unitPrice: number;
  optional: boolean;
}

export interface QuoteTotals {
  subtotal: number;
  tax: number;
  total: number;
  /** What is due before the quote is accepted; 0 when no deposit is asked. */
  deposit: number;
}

/** 8.25%: Austin's combined sales tax rate, as basis points (hundredths of a percent). */
export const DEFAULT_TAX_RATE_BASIS_POINTS = 825;

/** Half a cent and more rounds up: a / b for non-negative integers, to the nearest whole. */
function roundedDivision(numerator: number, denominator: number): number {
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

/**
 * The totals of a quote with the optional items the customer ticked. Lines are summed exactly
 * (quantity × unit price, in cents); tax is taken once on that subtotal and rounded half up to a
 * cent, so the total never drifts from what a line-by-line calculator shows by more than a cent.
 * A percentage deposit is rounded half up too; an amount deposit never exceeds the total.
 */
export function quoteTotals(
  lines: readonly QuoteLine[],
  options: { taxRateBasisPoints: number; selectedOptionalIds: readonly number[]; depositKind: DepositKind; depositValue: number },
): QuoteTotals {
  const selected = new Set(options.selectedOptionalIds);
  const subtotal = lines
    .filter((line) => !line.optional || selected.has(line.id))
    .reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const tax = roundedDivision(subtotal * options.taxRateBasisPoints, 10_000);
  const total = subtotal + tax;
  let deposit = 0;
  if (options.depositKind === "percent") deposit = roundedDivision(total * options.depositValue, 100);
  if (options.depositKind === "amount") deposit = Math.min(options.depositValue, total);
  return { subtotal, tax, total, deposit };
}

/** "8.25%" from 825 basis points. */
export function formatTaxRate(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, "")}%`;
}
