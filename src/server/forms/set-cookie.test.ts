import { describe, expect, it } from "vitest";
import { applySetCookie, parseSetCookie, withSetCookies } from "./set-cookie";

const SESSION = "customer_session=abc123; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure";

describe("moving our Set-Cookie values onto a server action's response", () => {
  it("keeps every attribute the cookie helpers write", () => {
    expect(parseSetCookie(SESSION)).toEqual({
      name: "customer_session",
      value: "abc123",
      path: "/",
      httpOnly: true,
      secure: true,
      sameSite: "lax",
      maxAge: 2592000,
    });
    const set: unknown[] = [];
    applySetCookie({ set: (...args) => set.push(args) }, "staff_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    expect(set).toEqual([["staff_session", "", { path: "/", httpOnly: true, secure: false, sameSite: "lax", maxAge: 0 }]]);
  });

  it("shows a later call in the same action the session a sign-in just set, and forgets a cleared one", () => {
    const headers = withSetCookies(new Headers({ cookie: "customer_device=d1; staff_session=old" }), [
      SESSION,
      "staff_session=; Path=/; Max-Age=0",
    ]);
    expect(headers.get("cookie")).toBe("customer_device=d1; customer_session=abc123");
  });
});
