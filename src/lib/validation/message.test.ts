import { describe, expect, it } from "vitest";
import { isSendableMessage } from "@/lib/message-rules";
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

describe("the Send button's rule", () => {
  it("agrees with the server's schema", () => {
    for (const content of ["", "   ", "\n\t", "Hi", "  Hi  ", "x".repeat(5000), ` ${"x".repeat(5000)} `, "x".repeat(5001)]) {
      expect(isSendableMessage(content), JSON.stringify(content.slice(0, 12))).toBe(ZMessageContentSchema.safeParse(content).success);
    }
  });
});
