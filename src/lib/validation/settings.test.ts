import { describe, expect, it } from "vitest";
import { issueMessages } from "./issues.test-helper";
import { ZPasswordFormSchema, ZProfileFormSchema } from "./settings";

const profile = { fullName: "Alex Admin", email: "alex@example.com", username: "alex", phone: "" };
const passwords = { currentPassword: "old", newPassword: "new-secret", confirmPassword: "new-secret" };

describe("ZProfileFormSchema", () => {
  it("accepts a profile", () => {
    expect(ZProfileFormSchema.safeParse(profile).success).toBe(true);
  });

  it.each([
    ["fullName", "A", "Full name must be at least 2 characters"],
    ["email", "alex@", "Please enter a valid email address"],
    ["username", "al", "Username must be at least 3 characters"],
  ])("%s = %j says %j", (field, value, message) => {
    expect(issueMessages(ZProfileFormSchema, { ...profile, [field]: value })).toEqual({ [field]: [message] });
  });
});

describe("ZPasswordFormSchema", () => {
  it("accepts matching new passwords", () => {
    expect(ZPasswordFormSchema.safeParse(passwords).success).toBe(true);
  });

  it.each([
    ["currentPassword", "", "Current password is required"],
    ["newPassword", "short", "Password must be at least 8 characters"],
  ])("%s = %j says %j", (field, value, message) => {
    expect(issueMessages(ZPasswordFormSchema, { ...passwords, [field]: value })[field]).toEqual([message]);
  });

  it("says 'Confirm password is required' for a short confirmation", () => {
    expect(issueMessages(ZPasswordFormSchema, { ...passwords, confirmPassword: "short" }).confirmPassword).toContain(
      "Confirm password is required",
    );
  });

  it('says "Passwords don\'t match" on confirmPassword', () => {
    expect(issueMessages(ZPasswordFormSchema, { ...passwords, confirmPassword: "new-secret!" })).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
  });
});
