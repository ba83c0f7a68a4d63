import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./trpc";

describe("isDatabaseUnavailable", () => {
  it("recognises a restarting or unreachable database through wrapped causes", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const shutdown = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: shutdown }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("unique violation"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("plain"))).toBe(false);
  });
});
