import { describe, expect, it } from "vitest";
import { businessInstant } from "@/lib/business-time";
import { messageTimeLabel, recentMessageTimeLabel } from "./message-time";

describe("message time labels", () => {
  const now = businessInstant("2031-03-10", "08:00");

  it("in the dashboard: the time for today, 'Yesterday', then the month and day, all on Austin days", () => {
    expect(recentMessageTimeLabel(businessInstant("2031-03-10", "00:05"), now)).toBe("12:05 AM");
    expect(recentMessageTimeLabel(businessInstant("2031-03-09", "23:59"), now)).toBe("Yesterday");
    expect(recentMessageTimeLabel(businessInstant("2031-03-08", "12:00"), now)).toBe("Mar 8");
  });

  it("in a conversation: the time for today, else the day and the time, on Austin days", () => {
    expect(messageTimeLabel(businessInstant("2031-03-10", "00:05"), now)).toBe("12:05 AM");
    expect(messageTimeLabel(businessInstant("2031-03-09", "23:59"), now)).toBe("Mar 9, 11:59 PM");
  });
});
