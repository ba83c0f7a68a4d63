import { afterEach, describe, expect, it, vi } from "vitest";
import { handleTrpcRequest } from "@/server/http/trpc-handler";
import { cookieHeaderFrom, createCustomer, createStaffUser, fromAddress, rest } from "#test/support/helpers";
import { LIMITS } from "./limits";
import * as password from "./password";

// Each scenario plays an attacker against the sign-in of one kind of account and counts how many
// argon2 checks actually ran: the limits must refuse before the password is looked at.

const kinds = [
  {
    kind: "staff",
    network: "203.0.113",
    path: "/auth/login",
    procedure: "auth.login",
    async account() {
      const { user, password: secret } = await createStaffUser();
      return { login: (guess: string) => ({ username: user.username, password: guess }), secret };
    },
  },
  {
    kind: "customer",
    network: "198.18.0",
    path: "/customer/login",
    procedure: "customerAuth.login",
    async account() {
      const { customer } = await createCustomer({ password: "the-right-one" });
      return { login: (guess: string) => ({ email: customer.email, password: guess }), secret: "the-right-one" };
    },
  },
] as const;

function countPasswordChecks() {
  const real = vi.spyOn(password, "verifyPassword");
  const dummy = vi.spyOn(password, "verifyAgainstDummy");
  return () => real.mock.calls.length + dummy.mock.calls.length;
}

afterEach(() => vi.restoreAllMocks());

describe.each(kinds)("$kind sign-in under attack", ({ network, path, procedure, account }) => {
  it("checks at most the limit's worth of 30 simultaneous wrong passwords", async () => {
    const { login } = await account();
    const checks = countPasswordChecks();
    const headers = fromAddress(`${network}.50`);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, guess) => rest("POST", path, { body: login(`wrong-guess-${guess}`), headers })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LIMITS.signInPerAccountAndSource.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LIMITS.signInPerAccountAndSource.limit);
    expect(checks()).toBe(LIMITS.signInPerAccountAndSource.limit);
  });

  it("refuses a tRPC batch of 30 guesses without checking one", async () => {
    const { login } = await account();
    const checks = countPasswordChecks();
    const paths = Array.from({ length: 30 }, () => procedure).join(",");
    const body = Object.fromEntries(Array.from({ length: 30 }, (_, guess) => [String(guess), { json: login(`batch-guess-${guess}`) }]));
    const response = await handleTrpcRequest(
      new Request(`http://localhost:3000/api/trpc/${paths}?batch=1`, {
        method: "POST",
        headers: { "content-type": "application/json", host: "localhost:3000", ...fromAddress(`${network}.51`) },
        body: JSON.stringify(body),
      }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/on its own/);
    expect(checks()).toBe(0);

    // Two guesses, or a guess riding along with a harmless call, are refused alike; a lone call in the batch format works.
    const pair = await handleTrpcRequest(
      new Request(`http://localhost:3000/api/trpc/services.list,${procedure}?batch=1`, {
        method: "POST",
        headers: { "content-type": "application/json", host: "localhost:3000" },
        body: JSON.stringify({ 0: { json: {} }, 1: { json: login("riding-along") } }),
      }),
    );
    expect(pair.status).toBe(400);
    const single = await handleTrpcRequest(
      new Request(`http://localhost:3000/api/trpc/${procedure}?batch=1`, {
        method: "POST",
        headers: { "content-type": "application/json", host: "localhost:3000", ...fromAddress(`${network}.52`) },
        body: JSON.stringify({ 0: { json: login("one-guess") } }),
      }),
    );
    expect(single.status).toBe(401);
    expect(checks()).toBe(1);
  });

  it("lets the owner in from elsewhere, and from their known browser at the attacker's own address, while the attacker is held off", async () => {
    const { login, secret } = await account();
    // The owner signed in once from the office; the browser keeps its device cookie.
    const office = fromAddress(`${network}.20`);
    const first = await rest("POST", path, { body: login(secret), headers: office });
    expect(first.status).toBe(200);
    const deviceCookie = cookieHeaderFrom(first.headers)
      .split("; ")
      .find((pair) => pair.includes("_device="))!;

    // An attacker at the same office address hammers the account.
    const hammering = [];
    for (let guess = 0; guess < 12; guess++)
      hammering.push((await rest("POST", path, { body: login(`hammer-${guess}`), headers: office })).status);
    expect(hammering.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(hammering.slice(5).every((status) => status === 429)).toBe(true);
    // The right password from the attacker's browser waits too.
    expect((await rest("POST", path, { body: login(secret), headers: office })).status).toBe(429);

    // The owner's known browser at that same address gets in, and so does the owner from home.
    const known = await rest("POST", path, { body: login(secret), headers: { ...office, cookie: deviceCookie } });
    expect(known.status).toBe(200);
    const home = await rest("POST", path, { body: login(secret), headers: fromAddress(`${network}.200`) });
    expect(home.status).toBe(200);
  });

  it("bounds a guesser spread over many addresses, and still lets the owner's known browser in", async () => {
    const { login, secret } = await account();
    const owner = await rest("POST", path, { body: login(secret), headers: fromAddress(`${network}.30`) });
    const deviceCookie = cookieHeaderFrom(owner.headers)
      .split("; ")
      .find((pair) => pair.includes("_device="))!;

    const limit = LIMITS.signInPerAccountFromNewDevices.limit;
    const checks = countPasswordChecks();
    for (let guess = 0; guess < limit + 3; guess++) {
      const address = `10.${network.length}.${guess}.1`;
      await rest("POST", path, { body: login(`spread-${guess}`), headers: fromAddress(address) });
    }
    expect(checks()).toBe(limit);
    expect((await rest("POST", path, { body: login(secret), headers: fromAddress(`${network}.201`) })).status).toBe(429);
    const known = await rest("POST", path, { body: login(secret), headers: { ...fromAddress(`${network}.201`), cookie: deviceCookie } });
    expect(known.status).toBe(200);
  }, 60_000);

  it("gives a run of mistakes back once the right password comes", async () => {
    const { login, secret } = await account();
    const headers = fromAddress(`${network}.40`);
    for (let round = 0; round < 3; round++) {
      for (let typo = 0; typo < LIMITS.signInPerAccountAndSource.limit - 1; typo++) {
        expect((await rest("POST", path, { body: login(`typo-${typo}`), headers })).status).toBe(401);
      }
      expect((await rest("POST", path, { body: login(secret), headers })).status).toBe(200);
    }
  });
});

describe("the argon2 slots", () => {
  it("never run more checks at once than they have slots, and refuse once the line is full", async () => {
    const { Semaphore } = await import("./semaphore");
    const slots = new Semaphore({ slots: 2, maxWaiting: 3 });
    let running = 0;
    let most = 0;
    const task = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running -= 1;
    };
    const started = [slots.run(task), slots.run(task), slots.run(task), slots.run(task), slots.run(task)];
    expect(slots.canQueue()).toBe(false);
    await Promise.all(started);
    expect(most).toBe(2);
    expect(slots.canQueue()).toBe(true);
    expect(slots.active).toBe(0);
  });
});
