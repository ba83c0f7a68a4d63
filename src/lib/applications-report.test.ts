import { describe, expect, it } from "vitest";
import { businessInstant } from "@/lib/business-time";
import { REPORT_PERIOD_MESSAGES } from "@/lib/reports";
import { applicationsAddress, appliedAmount, appliedTime, customerFilterValue, readApplicationsAddress } from "./applications-report";

const NOW = businessInstant("2026-06-17", "10:00");

describe("the applications report's address", () => {
  it("reads the period and filters, and falls back to the month so far with a reason", () => {
    expect(
      readApplicationsAddress({ from: "2026-05-01", to: "2026-05-31", productId: "7", staffUserId: "3", customerId: "12" }, NOW),
    ).toEqual({
      input: { from: "2026-05-01", to: "2026-05-31", productId: 7, staffUserId: 3, customerId: 12 },
      problem: undefined,
    });
    expect(readApplicationsAddress({}, NOW).input).toEqual({ from: "2026-06-01", to: "2026-06-17" });
    const backwards = readApplicationsAddress({ from: "2026-05-31", to: "2026-05-01" }, NOW);
    expect(backwards).toEqual({ input: { from: "2026-06-01", to: "2026-06-17" }, problem: REPORT_PERIOD_MESSAGES.order });
    expect(readApplicationsAddress({ from: "2025-01-01", to: "2026-05-01" }, NOW).problem).toBe(REPORT_PERIOD_MESSAGES.length);
  });

  it("leaves off a filter that cannot be an id", () => {
    const { input } = readApplicationsAddress(
      { from: "2026-05-01", to: "2026-05-31", productId: "0x1", staffUserId: "-2", customerId: "99999999999" },
      NOW,
    );
    expect(input).toEqual({ from: "2026-05-01", to: "2026-05-31" });
  });

  it("takes the form's customer as an id, or as the recorded name of a deleted customer", () => {
    const byId = readApplicationsAddress({ from: "2026-05-01", to: "2026-05-31", customer: "12" }, NOW).input;
    expect(byId.customerId).toBe(12);
    const byName = readApplicationsAddress({ from: "2026-05-01", to: "2026-05-31", customer: "name:Marta Quiroga" }, NOW).input;
    expect(byName).toMatchObject({ customerName: "Marta Quiroga" });
    expect(customerFilterValue(byName)).toBe("name:Marta Quiroga");
    expect(applicationsAddress("/reports/applications/export", byName)).toBe(
      "/reports/applications/export?from=2026-05-01&to=2026-05-31&customerName=Marta+Quiroga",
    );
  });
});

describe("how an application reads", () => {
  it("gives the amount with its rate, or the mixing rate and total mix", () => {
    const product = { unit: "lb" as const, amount: 18.6, ratePer1000SqFt: 3, mixingRate: null, totalMix: null };
    expect(appliedAmount(product)).toBe("18.6 lb (3 lb per 1,000 sq ft)");
    expect(appliedAmount({ ...product, amount: null, ratePer1000SqFt: null, mixingRate: "2 fl oz per gal", totalMix: "12 gal" })).toBe(
      "mixing rate 2 fl oz per gal; total mix 12 gal",
    );
  });

  it("tells the Austin time, across the change to daylight time", () => {
    expect(appliedTime(businessInstant("2031-03-09", "23:59"))).toBe("23:59");
    expect(appliedTime(businessInstant("2031-03-10", "00:01"))).toBe("00:01");
  });
});
