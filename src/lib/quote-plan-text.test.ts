import { describe, expect, it } from "vitest";
import { planSentence, quoteDay } from "./quote-plan-text";

describe("a quote's plan in words", () => {
  it("reads a one-time visit and a series with its end and price, in Austin time", () => {
    const oneTime = {
      kind: "one_time",
      frequency: null,
      firstDate: "2026-12-03",
      startTime: "09:00",
      endDate: null,
      pricePerVisit: null,
    } as const;
    expect(planSentence(oneTime)).toBe("One visit on Thursday, December 3, 2026 at 9:00 AM.");
    expect(planSentence({ ...oneTime, serviceName: "Aeration" })).toBe("Aeration: one visit on Thursday, December 3, 2026 at 9:00 AM.");
    expect(
      planSentence({
        ...oneTime,
        kind: "recurring",
        frequency: "biweekly",
        startTime: "14:30",
        endDate: "2027-03-31",
        pricePerVisit: 4_500,
      }),
    ).toBe("Visits every two weeks from Thursday, December 3, 2026 at 2:30 PM, until Wednesday, March 31, 2027, $45.00 per visit.");
    expect(planSentence({ ...oneTime, kind: "recurring", frequency: "weekly" })).toBe(
      "Weekly visits from Thursday, December 3, 2026 at 9:00 AM, until you stop it.",
    );
    expect(quoteDay("2026-12-26")).toBe("Saturday, December 26, 2026");
  });
});
