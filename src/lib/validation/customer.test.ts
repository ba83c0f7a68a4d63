import { describe, expect, it } from "vitest";
import { ZCustomerFormSchema } from "./customer";
import { issueMessages } from "./issues.test-helper";

const valid = { fullName: "Jane Doe", email: "jane@example.com", phone: "", address: "1100 Congress Ave", notes: "" };

describe("ZCustomerFormSchema", () => {
  it("accepts the documented customer payload and the optional extras, null included", () => {
    expect(ZCustomerFormSchema.safeParse(valid).success).toBe(true);
    const extras = { ...valid, phone: null, notes: null, city: "Austin", state: "TX", zipCode: "78701-1234" };
    expect(ZCustomerFormSchema.safeParse(extras).success).toBe(true);
  });

  it.each([
    ["fullName", "J", "Full name is required"],
    ["email", "jane.example.com", "Invalid email address"],
    ["address", "12 A", "Address is required"],
    ["zipCode", "787", "Valid zip code is required"],
    ["notes", "x".repeat(5001), "Must be at most 5000 characters"],
  ])("%s = %j says %j", (field, value, message) => {
    expect(issueMessages(ZCustomerFormSchema, { ...valid, [field]: value })).toEqual({ [field]: [message] });
  });
});
