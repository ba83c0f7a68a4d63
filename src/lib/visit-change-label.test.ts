import { describe, expect, it } from "vitest";
import { businessInstant } from "./business-time";
import { customerChangeLine, customerChangeVerb } from "./visit-change-label";

const at = businessInstant("2026-11-23", "15:04");

describe("customerChangeLine names what the customer did and when, for staff", () => {
  it("says skipped, moved, paused, cancelled or resumed by the customer", () => {
    expect(customerChangeLine({ status: "cancelled", customerChange: "skipped", changedBy: "customer", changedAt: at })).toBe(
      "Skipped by customer · Nov 23, 3:04 pm",
    );
    expect(customerChangeVerb({ status: "pending", customerChange: "rescheduled", changedBy: "customer", changedAt: at })).toBe("Moved");
    expect(customerChangeVerb({ status: "cancelled", customerChange: "paused", changedBy: "customer", changedAt: at })).toBe("Paused");
    expect(customerChangeVerb({ status: "cancelled", customerChange: null, changedBy: "customer", changedAt: at })).toBe("Cancelled");
    expect(customerChangeVerb({ status: "pending", customerChange: null, changedBy: "customer", changedAt: at })).toBe("Resumed");
  });

  it("says nothing when staff made the last change or nobody did", () => {
    expect(customerChangeLine({ status: "cancelled", customerChange: null, changedBy: "staff", changedAt: at })).toBeNull();
    expect(customerChangeLine({ status: "pending", customerChange: null, changedBy: null, changedAt: null })).toBeNull();
  });
});
