import { describe, expect, it } from "vitest";
import { cookieHeaderFrom, createCustomer, createStaffUser, rest } from "#test/support/helpers";

describe("REST layer", () => {
  it("answers JSON 404 for an unknown /api path", async () => {
    const response = await rest("GET", "/no-such-thing");
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ code: "NOT_FOUND", message: expect.any(String) });
  });

  it("answers 400 with a message for malformed JSON", async () => {
    const response = await rest("POST", "/auth/login", { rawBody: "{not json", headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect(response.json.message).toEqual(expect.any(String));
  });

  it("answers 413 for a body over 100 kB", async () => {
    const response = await rest("POST", "/auth/login", { body: { username: "x".repeat(120_000), password: "y" } });
    expect(response.status).toBe(413);
    expect(response.json).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("answers 415 for a non-JSON body", async () => {
    const response = await rest("POST", "/auth/login", { rawBody: "username=a", headers: { "content-type": "text/plain" } });
    expect(response.status).toBe(415);
    expect(response.json.message).toEqual(expect.any(String));
  });

  it("uses the first field's own message for validation errors", async () => {
    const response = await rest("POST", "/auth/login", { body: { username: "", password: "" } });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe("Username is required");
    expect(response.json.code).toBe("BAD_REQUEST");
    expect(response.json.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: ["password"], message: "Password is required" })]),
    );
  });

  it("gives customer registration errors the spec's words", async () => {
    const response = await rest("POST", "/customer/register", {
      body: {
        fullName: "Ann Lee",
        email: "ann@example.com",
        phone: "5125550100",
        address: "1 Main St",
        city: "Austin",
        state: "TX",
        zipCode: "78701",
        password: "secret1",
        confirmPassword: "secret2",
      },
    });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe("Passwords do not match");
  });

  it("accepts the spec's body-less POST for logout", async () => {
    const response = await rest("POST", "/auth/logout");
    expect(response.status).toBe(200);
  });

  it("refuses a cookie-carrying write from another origin with 403, and lets non-browser clients through", async () => {
    const { user, password } = await createStaffUser();
    const crossSite = await rest("POST", "/auth/login", {
      body: { username: user.username, password },
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.json.message).toEqual(expect.any(String));

    const sameOrigin = await rest("POST", "/auth/login", {
      body: { username: user.username, password },
      headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
    });
    expect(sameOrigin.status).toBe(200);

    const script = await rest("POST", "/auth/logout", { headers: { cookie: cookieHeaderFrom(sameOrigin.headers) } });
    expect(script.status).toBe(200);
  });

  it("never returns a password hash", async () => {
    const { customer } = await createCustomer({ password: "customer-pass" });
    const login = await rest("POST", "/customer/login", { body: { email: customer.email, password: "customer-pass" } });
    const status = await rest("GET", "/customer/status", { headers: { cookie: cookieHeaderFrom(login.headers) } });
    for (const text of [login.text, status.text]) {
      expect(text).not.toMatch(/argon2|passwordHash|password_hash/);
    }
  });
});
