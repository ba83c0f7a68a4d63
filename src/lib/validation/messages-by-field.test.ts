import { describe, expect, it } from "vitest";
import { messagesByField } from "./messages-by-field";

describe("messagesByField", () => {
  it("keeps each field's first message, keyed by its dotted path", () => {
    expect(
      messagesByField([
        { path: ["rounds", 0, "purpose"], message: "Enter the purpose" },
        { path: ["name"], message: "Enter the name" },
        { path: ["name"], message: "A later message" },
      ]),
    ).toEqual({ "rounds.0.purpose": "Enter the purpose", name: "Enter the name" });
  });
});
