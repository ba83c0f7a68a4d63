import { describe, expect, it } from "vitest";
import { completePostalAddress, formatPostalAddress, readAddressLine } from "./postal-address";

describe("formatPostalAddress", () => {
  it("joins street, city, state and ZIP", () => {
    expect(formatPostalAddress({ address: "12 Elm St", city: "Austin", state: "TX", zipCode: "78701" })).toBe(
      "12 Elm St, Austin, TX 78701",
    );
  });

  it("does not repeat a state, city or ZIP the street line already holds", () => {
    expect(formatPostalAddress({ address: "Austin TX 78701", city: null, state: "TX", zipCode: null })).toBe("Austin, TX 78701");
    expect(formatPostalAddress({ address: "500 Main St, Austin, tx 78701", city: "Austin", state: "TX", zipCode: "78701" })).toBe(
      "500 Main St, Austin, TX 78701",
    );
    // A plan or visit copied from a customer saved with the whole address on one line, and the form's state.
    expect(formatPostalAddress({ address: "1200 E 6th St, Austin, TX 78702", city: null, state: "TX", zipCode: null })).toBe(
      "1200 E 6th St, Austin, TX 78702",
    );
    expect(formatPostalAddress({ address: "500 Main St, Austin", city: "Austin", state: "TX", zipCode: "78701" })).toBe(
      "500 Main St, Austin, TX 78701",
    );
  });

  it("prints a city that is also a street's name", () => {
    expect(formatPostalAddress({ address: "100 Austin Ave", city: "Austin", state: "TX", zipCode: "78701" })).toBe(
      "100 Austin Ave, Austin, TX 78701",
    );
  });

  it("reads a part inside another word as missing", () => {
    expect(formatPostalAddress({ address: "1 Texas Ave", city: null, state: "TX", zipCode: "78702" })).toBe("1 Texas Ave, TX 78702");
  });

  it("leaves out empty parts", () => {
    expect(formatPostalAddress({ address: "9 Oak Ln", city: "", state: null })).toBe("9 Oak Ln");
    expect(formatPostalAddress({ address: null, city: "Austin", state: "TX" })).toBe("Austin, TX");
    expect(formatPostalAddress({ address: "12 Oak St", city: "Austin", state: null, zipCode: "78704" })).toBe("12 Oak St, Austin 78704");
  });
});

describe("readAddressLine", () => {
  it.each([
    ["1200 E 6th St, Austin, TX 78702", { address: "1200 E 6th St", city: "Austin", state: "TX", zipCode: "78702" }],
    ["1200 E 6th St, Austin TX 78702", { address: "1200 E 6th St", city: "Austin", state: "TX", zipCode: "78702" }],
    [
      "1200 E 6th St, Apt 4, Austin, Texas 78702-1234, USA",
      { address: "1200 E 6th St, Apt 4", city: "Austin", state: "TX", zipCode: "78702" },
    ],
    ["12345 Research Blvd, Austin, TX 78759", { address: "12345 Research Blvd", city: "Austin", state: "TX", zipCode: "78759" }],
    ["123 Main St 78701", { address: "123 Main St", city: null, state: null, zipCode: "78701" }],
    ["9 Oak Ct 78701", { address: "9 Oak Ct", city: null, state: null, zipCode: "78701" }],
    ["500 Main St, Unit 12 78701", { address: "500 Main St, Unit 12", city: null, state: null, zipCode: "78701" }],
  ])("reads %s", (line, parts) => {
    expect(readAddressLine(line)).toEqual(parts);
  });

  it("reads nothing from a line that does not end with a ZIP", () => {
    expect(readAddressLine("123 Main St")).toBeNull();
    expect(readAddressLine("12345 Research Blvd")).toBeNull();
    expect(readAddressLine("78701 Ranch Road 12")).toBeNull();
  });
});

describe("completePostalAddress", () => {
  it("fills empty parts from a one-line address", () => {
    expect(completePostalAddress({ address: "1200 E 6th St, Austin, TX 78702", city: null, state: null, zipCode: null })).toEqual({
      address: "1200 E 6th St",
      city: "Austin",
      state: "TX",
      zipCode: "78702",
    });
    expect(completePostalAddress({ address: "123 Main St 78701", city: "", state: "TX", zipCode: "" })).toEqual({
      address: "123 Main St",
      city: null,
      state: "TX",
      zipCode: "78701",
    });
  });

  it("leaves an address given in its parts, or with no ZIP on the line, as typed", () => {
    const parts = { address: "42 Elm Street", city: "Austin", state: "TX", zipCode: "78704" };
    expect(completePostalAddress(parts)).toBe(parts);
    const noZip = { address: "123 Main St", city: null, state: "TX", zipCode: null };
    expect(completePostalAddress(noZip)).toBe(noZip);
  });

  it("keeps a line that names another city or ZIP than the fields whole", () => {
    expect(completePostalAddress({ address: "100 Main St, Round Rock, TX 78664", city: "Austin", state: "TX", zipCode: null })).toEqual({
      address: "100 Main St, Round Rock, TX 78664",
      city: "Austin",
      state: "TX",
      zipCode: "78664",
    });
    const otherZip = { address: "100 Main St, Austin, TX 78701", city: null, state: null, zipCode: "78702" };
    expect(completePostalAddress(otherZip)).toBe(otherZip);
  });
});
