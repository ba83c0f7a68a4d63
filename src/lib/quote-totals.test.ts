import { describe, expect, it } from "vitest";
import { formatTaxRate, quoteTotals, type QuoteLine } from "./quote-totals";

const lines: QuoteLine[] = [
  { id: 1, quantity: 3, unitPrice: 1999, optional: false }, // 59.97
  { id: 2, quantity: 1, unitPrice: 12_500, optional: false }, // 125.00
  { id: 3, quantity: 2, unitPrice: 4_550, optional: true }, // 91.00 when ticked
  { id: 4, quantity: 1, unitPrice: 333, optional: true }, // 3.33 when ticked
];
const noDeposit = { depositKind: "none" as const, depositValue: 0 };

describe("quoteTotals", () => {
  it("counts required lines only until optional ones are ticked, with tax at 8.25% rounded half up", () => {
    // 184.97 × 8.25% = 15.260025 → 15.26
    expect(quoteTotals(lines, { taxRateBasisPoints: 825, selectedOptionalIds: [], ...noDeposit })).toEqual({
      subtotal: 18_497,
      tax: 1_526,
      total: 20_023,
      deposit: 0,
    });
    // 275.97 × 8.25% = 22.767525 → 22.77
    expect(quoteTotals(lines, { taxRateBasisPoints: 825, selectedOptionalIds: [3], ...noDeposit })).toEqual({
      subtotal: 27_597,
      tax: 2_277,
      total: 29_874,
      deposit: 0,
    });
  });

  it("rounds half a cent of tax up and less than half down", () => {
    // 2.00 × 8.25% = 0.165 → 0.17 (half up); 1.00 × 8.25% = 0.0825 → 0.08
    expect(
      quoteTotals([{ id: 1, quantity: 1, unitPrice: 200, optional: false }], {
        taxRateBasisPoints: 825,
        selectedOptionalIds: [],
        ...noDeposit,
      }).tax,
    ).toBe(17);
    expect(
      quoteTotals([{ id: 1, quantity: 1, unitPrice: 100, optional: false }], {
        taxRateBasisPoints: 825,
        selectedOptionalIds: [],
        ...noDeposit,
      }).tax,
    ).toBe(8);
  });

  it("ignores ticks of lines that are not optional or not on the quote", () => {
    const plain = quoteTotals(lines, { taxRateBasisPoints: 0, selectedOptionalIds: [], ...noDeposit });
    expect(quoteTotals(lines, { taxRateBasisPoints: 0, selectedOptionalIds: [1, 99], ...noDeposit })).toEqual(plain);
  });

  it("takes a percentage deposit of the total, rounded half up, and caps an amount at the total", () => {
    const withAll = { taxRateBasisPoints: 825, selectedOptionalIds: [3, 4] };
    // total: 279.30 + 23.04 = 302.34; 25% = 75.585 → 75.59
    expect(quoteTotals(lines, { ...withAll, depositKind: "percent", depositValue: 25 })).toMatchObject({ total: 30_234, deposit: 7_559 });
    expect(quoteTotals(lines, { ...withAll, depositKind: "amount", depositValue: 5_000 }).deposit).toBe(5_000);
    expect(quoteTotals(lines, { ...withAll, depositKind: "amount", depositValue: 1_000_000 }).deposit).toBe(30_234);
  });

  it("formats the rate", () => {
    expect(formatTaxRate(825)).toBe("8.25%");
    expect(formatTaxRate(800)).toBe("8%");
    expect(formatTaxRate(850)).toBe("8.5%");
  });
});
