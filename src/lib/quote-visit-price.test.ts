import { describe, expect, it } from "vitest";
import { depositCreditSentence, planVisitPrice, visitPriceSentence, visitsTheQuoteCovers, type PricedPlan } from "./quote-visit-price";

const monthly: PricedPlan = {
  kind: "recurring",
  frequency: "monthly",
  firstDate: "2027-01-05",
  startTime: "09:00",
  endDate: "2027-04-30",
  pricePerVisit: null,
};

describe("what each visit of a quote's plan is charged", () => {
  it("shares four monthly visits' quote, $340 and 8.25% tax, as $92.01 a visit, the odd cent on the first", () => {
    expect(visitsTheQuoteCovers(monthly)).toBe(4);
    const price = planVisitPrice(36_805, monthly);
    expect(price).toEqual({ perVisit: 9_201, firstVisit: 9_202, covered: 4, followsLines: true, mismatch: null });
    expect(price.firstVisit + 3 * price.perVisit).toBe(36_805);
    expect(visitPriceSentence(price)).toBe("Each visit is charged $92.01, tax included; the first $92.02.");
  });

  it("reads an open-ended series' lines, and a one-time plan's, as one visit's work", () => {
    expect(planVisitPrice(9_201, { ...monthly, endDate: null })).toMatchObject({ perVisit: 9_201, firstVisit: 9_201, covered: 1 });
    expect(planVisitPrice(12_500, { ...monthly, kind: "one_time" })).toMatchObject({ perVisit: 12_500, covered: 1 });
  });

  it("keeps the price staff set, and says when the visits do not add up to the quote", () => {
    const price = planVisitPrice(36_805, { ...monthly, pricePerVisit: 8_500 });
    expect(price).toMatchObject({ perVisit: 8_500, followsLines: false, mismatch: { plan: 34_000, quote: 36_805 } });
    expect(planVisitPrice(36_800, { ...monthly, pricePerVisit: 9_200 }).mismatch).toBeNull();
  });

  it("says how the deposit comes off the first visits", () => {
    const price = planVisitPrice(36_805, monthly);
    expect(depositCreditSentence(5_000, price)).toBe(
      "The $50.00 deposit is credited against the first visits: the first is charged $42.02.",
    );
    expect(depositCreditSentence(10_000, price)).toBe(
      "The $100.00 deposit is credited against the first visits: the first visit is paid by it, the next is charged $84.03.",
    );
    expect(depositCreditSentence(9_202 + 9_201, price)).toBe(
      "The $184.03 deposit is credited against the first visits: the first 2 visits are paid by it.",
    );
    expect(depositCreditSentence(0, price)).toBeNull();
  });
});
