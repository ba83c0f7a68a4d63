import { describe, expect, it } from "vitest";
import { NUMBER_CANNOT_TAKE_TEXTS } from "@/lib/texts";
import { ZCustomerRegisterSchema } from "./customer-register";
import { issueMessages, VALID_PROFILE } from "./issues.test-helper";

const registration = { ...VALID_PROFILE, password: "secret1", confirmPassword: "secret1" };

describe("ZCustomerRegisterSchema", () => {
  it("accepts a complete registration", () => {
    expect(ZCustomerRegisterSchema.safeParse(registration).success).toBe(true);
  });

  it.each([
    ["fullName", "J", "Full name is required"],
    ["email", "jane@", "Valid email is required"],
    ["phone", "555-0100", "Valid phone number is required"],
    ["address", " ", "Address is required"],
    ["city", "", "City is required"],
    ["state", "", "State is required"],
    ["zipCode", "7870", "Valid zip code is required"],
  ])("%s = %j says %j", (field, value, message) => {
    expect(issueMessages(ZCustomerRegisterSchema, { ...registration, [field]: value })).toEqual({ [field]: [message] });
  });

  it("checks the password lengths", () => {
    expect(issueMessages(ZCustomerRegisterSchema, { ...registration, password: "12345", confirmPassword: "12345" })).toEqual({
      password: ["Password must be at least 6 characters"],
      confirmPassword: ["Confirm password is required"],
    });
  });

  it('leaves "Text me" unticked unless ticked, and then needs a phone that can take texts', () => {
    expect(ZCustomerRegisterSchema.parse(registration).textConsent).toBe(false);
    expect(ZCustomerRegisterSchema.parse({ ...registration, textConsent: true }).textConsent).toBe(true);
    expect(issueMessages(ZCustomerRegisterSchema, { ...registration, textConsent: true, phone: "1-800-555-0101" })).toEqual({
      phone: [NUMBER_CANNOT_TAKE_TEXTS],
    });
  });

  it("says 'Passwords do not match' on confirmPassword", () => {
    expect(issueMessages(ZCustomerRegisterSchema, { ...registration, confirmPassword: "secret2" })).toEqual({
      confirmPassword: ["Passwords do not match"],
    });
  });
});
