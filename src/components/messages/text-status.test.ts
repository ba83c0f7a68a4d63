import { describe, expect, it } from "vitest";
import { countSegments } from "@/lib/text-segments";
import { deliveryLine, segmentCounterLabel } from "./text-status";

describe("a staff text's delivery line", () => {
  it("names the status, and the reason only when it failed or was not sent", () => {
    expect(deliveryLine({ status: "delivered", errorCode: null, error: null })).toEqual({
      label: "Delivered",
      reason: null,
      problem: false,
    });
    expect(deliveryLine({ status: "outbox", errorCode: null, error: null }).label).toBe("In outbox (texts are off)");
    expect(deliveryLine({ status: "failed", errorCode: 21610, error: "Attempt to send to unsubscribed recipient" })).toEqual({
      label: "Failed",
      reason: "Attempt to send to unsubscribed recipient (error 21610)",
      problem: true,
    });
    expect(deliveryLine({ status: "skipped", errorCode: null, error: "The customer texted STOP." })).toEqual({
      label: "Not sent",
      reason: "The customer texted STOP.",
      problem: true,
    });
  });
});

describe("the composer's segment counter", () => {
  it("counts GSM-7 characters against one text, then against the parts of a longer one", () => {
    expect(segmentCounterLabel(countSegments("a".repeat(118)))).toBe("118 / 160 · 1 text");
    expect(segmentCounterLabel(countSegments("a".repeat(161)))).toBe("161 / 306 · 2 texts");
    expect(segmentCounterLabel(countSegments(""))).toBe("0 / 160 · 0 texts");
  });

  it("says UCS-2 when an emoji makes every character count double", () => {
    expect(segmentCounterLabel(countSegments(`See you at 9 🌿 ${"a".repeat(60)}`))).toBe("76 / 134 · UCS-2: 2 texts");
  });
});
