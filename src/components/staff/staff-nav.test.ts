import { describe, expect, it } from "vitest";
import { initialsOf, isStaffBottomBarPath, plusButtonTarget } from "./staff-nav";

describe("staff layout navigation", () => {
  it("initials are the first letters of up to two words, uppercase, or 'A'", () => {
    expect(initialsOf("maria de la cruz")).toBe("MD");
    expect(initialsOf("  Admin  ")).toBe("A");
    expect(initialsOf("Jo")).toBe("J");
    expect(initialsOf(null)).toBe("A");
    expect(initialsOf("   ")).toBe("A");
  });

  it("shows the bottom bar on the dashboard and the staff sections only", () => {
    expect(isStaffBottomBarPath("/dashboard")).toBe(true);
    expect(isStaffBottomBarPath("/schedule")).toBe(true);
    expect(isStaffBottomBarPath("/customers/edit/4")).toBe(true);
    expect(isStaffBottomBarPath("/settings")).toBe(true);
    expect(isStaffBottomBarPath("/dashboard/other")).toBe(false);
    expect(isStaffBottomBarPath("/schedules")).toBe(false);
    expect(isStaffBottomBarPath("/login")).toBe(false);
  });

  it("sends the plus button to the section's new-item form, else a new schedule", () => {
    expect(plusButtonTarget("/schedule").href).toBe("/schedule?new=true");
    expect(plusButtonTarget("/customers/edit/3").href).toBe("/customers?new=true");
    expect(plusButtonTarget("/messages").href).toBe("/messages?new=true");
    expect(plusButtonTarget("/dashboard").href).toBe("/schedule?new=true");
    expect(plusButtonTarget("/payments").href).toBe("/schedule?new=true");
  });
});
