import { describe, expect, it } from "vitest";
import { countSegments } from "./text-segments";

describe("SMS segments, as carriers count them", () => {
  it("fit 160 GSM-7 characters in one text, and split longer ones into parts of 153", () => {
    expect(countSegments("a".repeat(160))).toMatchObject({ encoding: "GSM-7", segments: 1, remaining: 0 });
    expect(countSegments("a".repeat(161))).toMatchObject({ encoding: "GSM-7", segments: 2, remaining: 145 });
    expect(countSegments("a".repeat(306)).segments).toBe(2);
    expect(countSegments("a".repeat(307)).segments).toBe(3);
  });

  it("count GSM-7's extension characters twice", () => {
    expect(countSegments("€[]").units).toBe(6);
    expect(countSegments(`${"a".repeat(158)}€`)).toMatchObject({ segments: 1, remaining: 0 });
  });

  it("fall back to UCS-2 for anything outside GSM-7: 70 units, then parts of 67", () => {
    expect(countSegments("Café ☀")).toMatchObject({ encoding: "UCS-2", units: 6, segments: 1 });
    expect(countSegments("“quoted”")).toMatchObject({ encoding: "UCS-2" });
    expect(countSegments("🌱".repeat(35))).toMatchObject({ units: 70, segments: 1 });
    expect(countSegments("🌱".repeat(36))).toMatchObject({ units: 72, segments: 2 });
  });

  it("count nothing for an empty text", () => {
    expect(countSegments("")).toMatchObject({ segments: 0, remaining: 160 });
  });
});
