import { describe, expect, it } from "vitest";
import { issueMessages } from "./issues.test-helper";
import { ZStaffLoginSchema } from "./staff-auth";

describe("ZStaffLoginSchema", () => {
  it("accepts a username and password", () => {
    expect(ZStaffLoginSchema.parse({ username: " admin ", password: "p" })).toEqual({ username: "admin", password: "p" });
  });

  it.each([
    ["username", "", "Username is required"],
    ["username", "   ", "Username is required"],
    ["username", undefined, "Username is required"],
    ["password", "", "Password is required"],
    ["password", undefined, "Password is required"],
  ])("%s = %j says %j", (field, value, message) => {
    expect(issueMessages(ZStaffLoginSchema, { username: "admin", password: "secret", [field]: value })).toEqual({
      [field]: [message],
    });
  });
});

describe("characters that cannot be stored", () => {
  it("refuses NUL and lone surrogates in text fields", () => {
    for (const username of ["ad\u0000min", "\ud800", "x\udc00"]) {
      const result = ZStaffLoginSchema.safeParse({ username, password: "secret" });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Contains characters that are not allowed");
    }
    expect(ZStaffLoginSchema.safeParse({ username: "gärtner 👩‍🌾", password: "secret" }).success).toBe(true);
  });
});
