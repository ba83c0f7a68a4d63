// Money is integer cents everywhere except where people type dollars (payment amount entry and
// the payment-intent call); these helpers are the only crossing points.
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

export function dollarsToCents(dollars: number): number {
  // 0.29 * 100 is 28.999999999999996 and 1.005 * 100 is 100.49999999999999: trimming to 15
  // significant digits first gives back the decimal the person typed, then we round half up.
  return Math.round(Number((dollars * 100).toPrecision(15)));
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}
