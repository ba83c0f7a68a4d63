import { describe, expect, it } from "vitest";
import { ZCustomerLoginSchema, ZCustomerProfileSchema } from "./customer-auth";
import { issueMessages, VALID_PROFILE } from "./issues.test-helper";

const profile = VALID_PROFILE;

describe("ZCustomerLoginSchema", () => {
  it("accepts an email and a password, keeping the password's spaces", () => {
    expect(ZCustomerLoginSchema.parse({ email: " Jane@Example.com ", password: " secret " })).toEqual({
      email: "Jane@Example.com",
      password: " secret ",
    });
  });

  it.each([
    ["email", "jane", "Invalid email address"],
    ["password", "12345", "Password must be at least 6 characters"],
    ["password", "x".repeat(201), "Password must be at most 200 characters"],
  ])("%s = %j says %j", (field, value, message) => {
    const login = { email: "jane@example.com", password: "secret1" };
    expect(issueMessages(ZCustomerLoginSchema, { ...login, [field]: value })).toEqual({ [field]: [message] });
  });
});

describe("ZCustomerProfileSchema", () => {
  it("accepts the registration fields without passwords", () => {
    expect(ZCustomerProfileSchema.parse({ ...profile, password: "ignored" })).toEqual(profile);
  });

  it.each([
    ["fullName", "J", "Full name is required"],
    ["phone", "123", "Valid phone number is required"],
    ["zipCode", "", "Valid zip code is required"],
  ])("%s = %j says %j", (field, value, message) => {
    expect(issueMessages(ZCustomerProfileSchema, { ...profile, [field]: value })).toEqual({ [field]: [message] });
  });
});
