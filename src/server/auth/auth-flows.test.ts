import { describe, expect, it } from "vitest";
import { cookieHeaderFrom, createCustomer, createStaffUser, fromAddress, rest } from "#test/support/helpers";

function parseSetCookie(header: string) {
  const [pair, ...attributes] = header.split(";").map((part) => part.trim());
  return { pair: pair!, attributes: attributes.map((attribute) => attribute.toLowerCase()) };
}

describe("staff sign-in through REST", () => {
  it("logs in, reports status, and logs out with a hardened cookie", async () => {
    const { user, password } = await createStaffUser({ fullName: "Dana Field" });

    const login = await rest("POST", "/auth/login", { body: { username: user.username, password } });
    expect(login.status).toBe(200);
    const [setCookie, deviceCookie] = login.headers.getSetCookie();
    const cookie = parseSetCookie(setCookie!);
    expect(cookie.pair).toMatch(/^staff_session=\w{32}$/);
    expect(cookie.attributes).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
    // The browser that signed in is remembered for a year, so guesses elsewhere cannot lock it out.
    const device = parseSetCookie(deviceCookie!);
    expect(device.pair).toMatch(/^staff_device=\w{32}$/);
    expect(device.attributes).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
    const maxAge = Number(device.attributes.find((attribute) => attribute.startsWith("max-age="))?.slice(8));
    expect(maxAge).toBeGreaterThan(364 * 24 * 60 * 60);

    const status = await rest("GET", "/auth/status", { headers: { cookie: cookieHeaderFrom(login.headers) } });
    expect(status.json).toEqual({
      authenticated: true,
      user: { fullName: "Dana Field", email: user.email, username: user.username, mustChangePassword: false, role: "owner", crewId: null },
      demoMode: false,
    });

    const logout = await rest("POST", "/auth/logout", { headers: { cookie: cookieHeaderFrom(login.headers) } });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie()[0]).toMatch(/Max-Age=0/);
    const after = await rest("GET", "/auth/status", { headers: { cookie: cookieHeaderFrom(login.headers) } });
    expect(after.json).toEqual({ authenticated: false, user: null, demoMode: false });
  });

  it("answers 401 'Invalid username or password' for a wrong password or unknown user", async () => {
    const { user } = await createStaffUser();
    const wrong = await rest("POST", "/auth/login", { body: { username: user.username, password: "wrong-password" } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe("Invalid username or password");
    const unknown = await rest("POST", "/auth/login", { body: { username: "nobody-here", password: "wrong-password" } });
    expect(unknown.status).toBe(401);
    expect(unknown.json.message).toBe("Invalid username or password");
  });

  it("slows an address that keeps guessing with 429 and Retry-After, even for the right password from there", async () => {
    const { user, password } = await createStaffUser();
    const headers = fromAddress("192.0.2.43");
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await rest("POST", "/auth/login", { body: { username: user.username, password: "nope-nope" }, headers });
      expect(response.status).toBe(401);
    }
    const slowed = await rest("POST", "/auth/login", { body: { username: user.username, password }, headers });
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(slowed.json.message).toMatch(/Too many/);
  });

  it("stops an address after many failures across accounts", async () => {
    const headers = fromAddress("192.0.2.44");
    for (let attempt = 0; attempt < 30; attempt++) {
      await rest("POST", "/auth/login", { body: { username: `guess-${attempt}`, password: "x" }, headers });
    }
    const { user, password } = await createStaffUser();
    const stopped = await rest("POST", "/auth/login", { body: { username: user.username, password }, headers });
    expect(stopped.status).toBe(429);
    const elsewhere = await rest("POST", "/auth/login", { body: { username: user.username, password } });
    expect(elsewhere.status).toBe(200);
  });
});

describe("customer sign-in through REST", () => {
  const registration = {
    fullName: "Rosa Diaz",
    email: "rosa.diaz@example.com",
    phone: "5125550199",
    address: "500 E 6th St",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    password: "garden1",
    confirmPassword: "garden1",
  };

  it("registers (201, signed in), logs out, logs in again", async () => {
    const register = await rest("POST", "/customer/register", { body: registration });
    expect(register.status).toBe(201);
    expect(register.json).toMatchObject({
      authenticated: true,
      customer: { fullName: "Rosa Diaz", email: "rosa.diaz@example.com" },
      message: "Your account has been created!",
    });
    const cookie = cookieHeaderFrom(register.headers);
    expect(cookie).toMatch(/^customer_session=/);

    const status = await rest("GET", "/customer/status", { headers: { cookie } });
    expect(status.json).toMatchObject({ authenticated: true, customer: { email: "rosa.diaz@example.com" } });

    const logout = await rest("POST", "/customer/logout", { headers: { cookie } });
    expect(logout.status).toBe(200);
    expect((await rest("GET", "/customer/status", { headers: { cookie } })).json).toEqual({ authenticated: false, customer: null });

    const login = await rest("POST", "/customer/login", { body: { email: "ROSA.DIAZ@example.com", password: "garden1" } });
    expect(login.status).toBe(200);
    expect(cookieHeaderFrom(login.headers)).toMatch(/^customer_session=/);
  });

  it("answers 409 when the email already has an account", async () => {
    const { customer } = await createCustomer({ password: "already1" });
    const response = await rest("POST", "/customer/register", { body: { ...registration, email: customer.email } });
    expect(response.status).toBe(409);
    expect(response.json.message).toMatch(/already exists/);
  });

  it("answers 401 'Invalid email or password'", async () => {
    const { customer } = await createCustomer({ password: "right-one" });
    const response = await rest("POST", "/customer/login", { body: { email: customer.email, password: "wrong-one" } });
    expect(response.status).toBe(401);
    expect(response.json.message).toBe("Invalid email or password");
  });

  it("validates login input with the spec's messages", async () => {
    const response = await rest("POST", "/customer/login", { body: { email: "not-an-email", password: "123" } });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe("Invalid email address");
  });

  it("keeps the two kinds of session apart", async () => {
    const { user, password } = await createStaffUser();
    const staffLogin = await rest("POST", "/auth/login", { body: { username: user.username, password } });
    const staffCookieHeader = cookieHeaderFrom(staffLogin.headers);
    expect(staffCookieHeader).toMatch(/^staff_session=\w+; staff_device=\w+$/);
    expect((await rest("GET", "/customer/status", { headers: { cookie: staffCookieHeader } })).json).toEqual({
      authenticated: false,
      customer: null,
    });

    const { customer } = await createCustomer({ password: "customer-pass" });
    const customerLogin = await rest("POST", "/customer/login", { body: { email: customer.email, password: "customer-pass" } });
    const customerCookieHeader = cookieHeaderFrom(customerLogin.headers);
    expect((await rest("GET", "/auth/status", { headers: { cookie: customerCookieHeader } })).json).toEqual({
      authenticated: false,
      user: null,
      demoMode: false,
    });
  });
});
