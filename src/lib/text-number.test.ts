import { describe, expect, it } from "vitest";
import { textNumberOf } from "./text-number";

describe("the number a phone is texted at", () => {
  it.each([
    ["512-555-0101", "+15125550101"],
    ["(512) 555 0101", "+15125550101"],
    ["5125550101", "+15125550101"],
    ["+1 512 555 0101", "+15125550101"],
    ["1-737-201-4455", "+17372014455"],
  ])("%s is texted at %s", (typed, e164) => {
    expect(textNumberOf(typed)).toBe(e164);
  });

  it.each([
    ["toll-free", "800-555-1212"],
    ["too short", "555-0101"],
    ["a landline abroad", "+44 20 7946 0958"],
    ["a mobile abroad, at international rates", "+44 7911 123456"],
    ["empty", "  "],
    ["not a number", "call me"],
  ])("%s (%s) cannot take texts", (_why, typed) => {
    expect(textNumberOf(typed)).toBeNull();
  });
});
