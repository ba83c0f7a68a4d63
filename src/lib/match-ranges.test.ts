import { describe, expect, it } from "vitest";
import { matchRanges, splitByMatches } from "./match-ranges";

describe("matchRanges", () => {
  it("finds every case-blind occurrence", () => {
    expect(matchRanges("Rosa Rosales", "ROS")).toEqual([
      [0, 3],
      [5, 8],
    ]);
  });

  it("finds a phone query across punctuation", () => {
    expect(matchRanges("(512) 555-0123", "5550")).toEqual([[6, 11]]);
    expect(matchRanges("(512) 555-0123", "555-01")).toEqual([[6, 12]]);
  });

  it("finds nothing for an empty query or a miss", () => {
    expect(matchRanges("Rosa", "  ")).toEqual([]);
    expect(matchRanges("Rosa", "xyz")).toEqual([]);
    expect(matchRanges("(512) 555-0123", "99")).toEqual([]);
  });

  it("cuts the text into marked and unmarked runs", () => {
    expect(splitByMatches("Amy Rosales", "rosa")).toEqual([
      { text: "Amy ", match: false },
      { text: "Rosa", match: true },
      { text: "les", match: false },
    ]);
  });
});
