import { describe, expect, it } from "vitest";
import { centsToDollars, dollarsToCents, formatCents } from "./money";

describe("formatCents", () => {
  it.each([
    [3500, "$35.00"],
    [0, "$0.00"],
    [5, "$0.05"],
    [123456789, "$1,234,567.89"],
    [-2500, "-$25.00"],
  ])("formats %i cents as %s", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe("dollarsToCents", () => {
  it.each([
    [0.29, 29],
    [0.01, 1],
    [1.005, 101],
    [35, 3500],
    [19.99, 1999],
    [1234.56, 123456],
  ])("converts %d dollars to %i cents", (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });
});

describe("centsToDollars", () => {
  it("divides by 100", () => {
    expect(centsToDollars(3550)).toBe(35.5);
    expect(centsToDollars(1)).toBe(0.01);
  });
});
