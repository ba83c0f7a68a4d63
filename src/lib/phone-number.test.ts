import { describe, expect, it } from "vitest";
import { formatPhoneNumber, phoneHref } from "./phone-number";

describe("phone numbers shown in one format", () => {
  it.each([
    ["5125550203", "(512) 555-0203"],
    ["512 555 0205", "(512) 555-0205"],
    ["512-555-0201", "(512) 555-0201"],
    ["(512) 555-0101", "(512) 555-0101"],
    ["+1 512.555.0199", "(512) 555-0199"],
    ["15125550198", "(512) 555-0198"],
  ])("%s reads %s", (typed, shown) => {
    expect(formatPhoneNumber(typed)).toBe(shown);
  });

  it.each([["512-555-0101 x23"], ["555-0101"], ["+44 20 7946 0958"]])("%s, not a ten-digit US number, shows as typed", (typed) => {
    expect(formatPhoneNumber(` ${typed} `)).toBe(typed);
  });

  it("dials the ten digits with the country code, or what was typed", () => {
    expect(phoneHref("512 555 0205")).toBe("tel:+15125550205");
    expect(phoneHref("+44 20 7946 0958")).toBe("tel:+442079460958");
  });
});
