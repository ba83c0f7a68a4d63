import { describe, expect, it } from "vitest";
import { ZContactFormSchema } from "./contact";
import { issueMessages } from "./issues.test-helper";

const valid = { name: "Jane Doe", email: "jane@example.com", phone: "", message: "Do you mow on Saturdays?" };

describe("ZContactFormSchema", () => {
  it("accepts a message with or without a phone, trimmed", () => {
    expect(ZContactFormSchema.parse({ ...valid, name: " Jane " }).name).toBe("Jane");
    const { phone: _phone, ...withoutPhone } = valid;
    expect(ZContactFormSchema.safeParse(withoutPhone).success).toBe(true);
  });

  it.each([
    ["name", "J", "Name must be at least 2 characters"],
    ["name", undefined, "Name must be at least 2 characters"],
    ["email", "not-an-email", "Please enter a valid email address"],
    ["message", "Too short", "Message must be at least 10 characters"],
    ["message", `         ${"x".repeat(5)}     `, "Message must be at least 10 characters"],
    ["message", "x".repeat(5001), "Must be at most 5000 characters"],
    ["phone", "1".repeat(31), "Must be at most 30 characters"],
  ])("%s = %j says %j", (field, value, message) => {
    expect(issueMessages(ZContactFormSchema, { ...valid, [field]: value })).toEqual({ [field]: [message] });
  });
});
