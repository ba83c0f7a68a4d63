import { describe, expect, it } from "vitest";
import { formatPostalAddress } from "./postal-address";

describe("formatPostalAddress", () => {
  it("joins street, city, state and ZIP", () => {
    expect(formatPostalAddress({ address: "12 Elm St", city: "Austin", state: "TX", zipCode: "78701" })).toBe(
      "12 Elm St, Austin, TX 78701",
    );
  });

  it("does not repeat a state, city or ZIP the street line already holds", () => {
    expect(formatPostalAddress({ address: "Austin TX 78701", city: null, state: "TX", zipCode: null })).toBe("Austin TX 78701");
    expect(formatPostalAddress({ address: "500 Main St, Austin, tx 78701", city: "Austin", state: "TX", zipCode: "78701" })).toBe(
      "500 Main St, Austin, tx 78701",
    );
  });

  it("reads a part inside another word as missing", () => {
    expect(formatPostalAddress({ address: "1 Texas Ave", city: null, state: "TX", zipCode: "78702" })).toBe("1 Texas Ave, TX 78702");
  });

  it("leaves out empty parts", () => {
    expect(formatPostalAddress({ address: "9 Oak Ln", city: "", state: null })).toBe("9 Oak Ln");
    expect(formatPostalAddress({ address: null, city: "Austin", state: "TX" })).toBe("Austin, TX");
  });
});
