import { describe, expect, it } from "vitest";
import { businessInstant } from "@/lib/business-time";
import { visitChangeEmail } from "./customer";

const customer = { fullName: "Rosa Diaz", email: "rosa@example.com", unsubscribeToken: "token" };
const visitAt = (date: string, time: string, minutes = 60) => {
  const startTime = businessInstant(date, time);
  return {
    serviceName: "Lawn Mowing",
    startTime,
    endTime: new Date(startTime.getTime() + minutes * 60_000),
    address: null,
    city: null,
    state: null,
    zipCode: null,
  };
};
const moved = (from: Date, rainDay = false) => ({ kind: "moved" as const, previousStartTime: from, rainDay });

describe("the moved-visit email says what changed", () => {
  it("names the new time, not a new day, when only the time moved on the same day", () => {
    const email = visitChangeEmail(customer, visitAt("2026-11-30", "10:30"), moved(businessInstant("2026-11-30", "09:00")));
    expect(email.subject).toBe("Your visit on Monday, November 30 is now at 10:30 AM");
    expect(email.body).toContain("We moved your visit on Monday, November 30 from 9:00 AM to 10:30 AM");
    expect(email.subject).not.toContain("moved to");
  });

  it("names the new day when only the day moved", () => {
    const email = visitChangeEmail(customer, visitAt("2026-12-01", "09:00"), moved(businessInstant("2026-11-30", "09:00")));
    expect(email.subject).toBe("Your visit has moved to Tuesday, December 1");
    expect(email.body).toContain("We moved your visit from Monday, November 30 at 9:00 AM to Tuesday, December 1, 2026, 9:00 AM");
  });

  it("names both when both moved, and says why on a rain day", () => {
    const email = visitChangeEmail(customer, visitAt("2026-12-01", "13:00"), moved(businessInstant("2026-11-30", "09:00"), true));
    expect(email.subject).toBe("Your visit has moved to Tuesday, December 1 at 1:00 PM");
    expect(email.body).toContain("Rain is expected, so we moved your visit from Monday, November 30 at 9:00 AM");
    expect(email.kind).toBe("visit_moved_rain");
  });
});
