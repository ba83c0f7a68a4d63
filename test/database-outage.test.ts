import postgres from "postgres";
import Stripe from "stripe";
import { handleStripeWebhook as stripeWebhook } from "../src/server/http/stripe-webhook-handler";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { closeDatabase } from "../src/server/db";
import { config } from "../src/server/config";
import { handleTrpcRequest } from "../src/server/http/trpc-handler";
import { createCustomer, customerCookie, rest, seedServices, staffCookie } from "./support/helpers";
import { setEnv } from "./support/env";

// While the database is away every request that needs it answers 503 with Retry-After, whoever
// asks and however (REST or tRPC); the catalogue answers its last copy; nothing is half-written;
// and once the database is back the same sessions work without a restart.

const testDatabase = inject("testDatabase");
let identities: Record<"anonymous" | "customer" | "staff", Record<string, string>>;

function booking() {
  const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  return {
    serviceId: 1,
    address: "1100 Congress Ave",
    city: "Austin",
    zipCode: "78701",
    date,
    timeSlot: "10:00",
    fullName: "Outage Tester",
    email: `outage_${Date.now()}@example.com`,
    phone: "5125550123",
  };
}

async function trpc(procedure: string, headers: Record<string, string>) {
  const input = encodeURIComponent(JSON.stringify({ json: {} }));
  const response = await handleTrpcRequest(new Request(`http://localhost:3000/api/trpc/${procedure}?input=${input}`, { headers }));
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    json: (await response.json()) as { error?: { json: { message: string; data: { code: string } } } },
  };
}

/** Every signed-in and anonymous read and write we try during an outage. */
async function expectUnavailableForEveryone() {
  const calls: Array<[keyof typeof identities, string, string, unknown?]> = [
    ["anonymous", "POST", "/bookings", booking()],
    ["anonymous", "GET", `/availability?serviceId=1&date=2031-03-04`],
    ["customer", "GET", "/customer/status"],
    ["customer", "GET", "/customer/profile"],
    ["staff", "GET", "/auth/status"],
    ["staff", "GET", "/dashboard-stats"],
    ["staff", "GET", "/customers"],
  ];
  for (const [who, method, path, body] of calls) {
    const response = await rest(method, path, { headers: identities[who], body });
    expect(`${who} ${method} ${path} ${response.status}`).toBe(`${who} ${method} ${path} 503`);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.json).toEqual({
      message: "The service is briefly unavailable. Please try again in a moment.",
      code: "SERVICE_UNAVAILABLE",
    });
  }
  for (const [who, procedure] of [
    ["staff", "auth.status"],
    ["customer", "customerAuth.status"],
    ["staff", "dashboard.stats"],
    ["customer", "portal.profile"],
  ] as const) {
    const answer = await trpc(procedure, identities[who]);
    expect(`${who} ${procedure} ${answer.status}`).toBe(`${who} ${procedure} 503`);
    expect(answer.retryAfter).toBe("5");
    expect(answer.json.error?.json.data.code).toBe("SERVICE_UNAVAILABLE");
  }
}

async function expectEveryoneServed() {
  expect((await rest("GET", "/auth/status", { headers: identities.staff })).json).toMatchObject({ authenticated: true });
  expect((await rest("GET", "/customer/status", { headers: identities.customer })).json).toMatchObject({ authenticated: true });
  expect((await rest("GET", "/dashboard-stats", { headers: identities.staff })).status).toBe(200);
  expect((await trpc("portal.profile", identities.customer)).status).toBe(200);
}

describe("database outages", () => {
  beforeAll(async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await seedServices();
    const { customer } = await createCustomer({ password: "customer-pass" });
    identities = { anonymous: {}, customer: { cookie: await customerCookie(customer.id) }, staff: { cookie: await staffCookie() } };
  });

  afterAll(() => {
    vi.restoreAllMocks();
  });

  it("answers 503 with Retry-After when no connection can be made, signed in or not, REST and tRPC", async () => {
    const url = config().database.url;
    await closeDatabase();
    setEnv({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere" });
    try {
      await expectUnavailableForEveryone();
      // Stripe's webhook too: 503 with Retry-After, so Stripe delivers the event again later.
      setEnv({ STRIPE_WEBHOOK_SECRET: "whsec_outage" });
      const payload = JSON.stringify({
        id: "evt_outage",
        object: "event",
        type: "payment_intent.succeeded",
        data: { object: { id: "pi_outage", object: "payment_intent" } },
      });
      const signature = new Stripe("sk_test_signer").webhooks.generateTestHeaderString({ payload, secret: "whsec_outage" });
      const webhook = await stripeWebhook(
        new Request("http://localhost/api/webhooks/stripe", { method: "POST", headers: { "stripe-signature": signature }, body: payload }),
      );
      expect(webhook.status).toBe(503);
      expect(webhook.headers.get("retry-after")).toBe("5");
    } finally {
      await closeDatabase();
      setEnv({ DATABASE_URL: url, STRIPE_WEBHOOK_SECRET: undefined });
    }
    await expectEveryoneServed();
  });

  it.skipIf(testDatabase.mode !== "postgres")(
    "answers 503 while the database refuses connections, keeps the catalogue, writes nothing, and recovers the same sessions",
    async () => {
      const name = new URL(config().database.url!).pathname.slice(1);
      const admin = postgres((testDatabase as { adminUrl: string }).adminUrl, { max: 1, onnotice: () => {} });
      const catalogue = await rest("GET", "/services");
      expect(catalogue.status).toBe(200);
      expect(catalogue.headers.get("cache-control")).toContain("stale-if-error");
      try {
        await admin.unsafe(`alter database "${name}" with allow_connections false`);
        await admin.unsafe(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);

        await expectUnavailableForEveryone();
        for (const headers of Object.values(identities)) {
          const copy = await rest("GET", "/services", { headers });
          expect(copy.status).toBe(200);
          expect(copy.json).toEqual(catalogue.json);
          expect(copy.headers.get("cache-control")).toBe("public, max-age=0, stale-if-error=86400");
          expect(Number(copy.headers.get("age"))).toBeGreaterThanOrEqual(0);
        }
      } finally {
        await admin.unsafe(`alter database "${name}" with allow_connections true`);
        await admin.end({ timeout: 5 });
      }
      // postgres.js 3.4 keeps the FATAL error of a connection that died mid-query and throws it at
      // the first query after that connection reconnects: at most one 503 per pooled connection.
      for (let attempt = 0; attempt < config().database.poolSize; attempt++) {
        if ((await rest("GET", "/dashboard-stats", { headers: identities.staff })).status === 200) break;
      }
      await expectEveryoneServed();
      // The booking tried during the outage left nothing behind.
      const visits = await rest("GET", `/schedules?startDate=${booking().date}&endDate=${booking().date}`, { headers: identities.staff });
      expect(visits.json).toEqual([]);
      expect((await rest("GET", "/services")).headers.get("age")).toBeNull();
    },
  );
});
