import { describe, expect, it } from "vitest";
import { issueMessages } from "./issues.test-helper";
import { ZMessageContentSchema, ZMessageFormSchema } from "./message";

describe("ZMessageContentSchema", () => {
  it("trims the text", () => {
    expect(ZMessageContentSchema.parse("  See you Tuesday \n")).toBe("See you Tuesday");
  });

  it.each([
    ["", "Message cannot be empty"],
    [" \n\t ", "Message cannot be empty"],
    [undefined, "Message cannot be empty"],
    ["x".repeat(5001), "Message must be at most 5000 characters"],
  ])("%j says %j", (content, message) => {
    expect(issueMessages(ZMessageFormSchema, { content })).toEqual({ content: [message] });
  });
});
