import { describe, expect, it } from "vitest";
import { businessInstant } from "@/lib/business-time";
import { messageTimeLabel } from "./message-time";

describe("messageTimeLabel (spec 2, Dashboard)", () => {
  const now = businessInstant("2031-03-10", "08:00");

  it("shows the time for today, 'Yesterday', then the month and day, all on Austin days", () => {
    expect(messageTimeLabel(businessInstant("2031-03-10", "00:05"), now)).toBe("12:05 AM");
    expect(messageTimeLabel(businessInstant("2031-03-09", "23:59"), now)).toBe("Yesterday");
    expect(messageTimeLabel(businessInstant("2031-03-08", "12:00"), now)).toBe("Mar 8");
  });
});
