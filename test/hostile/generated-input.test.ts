import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getOpenApiDocument } from "../../src/server/app/openapi";
import { getDb } from "../../src/server/db";
import { startStripeStandIn, type StripeStandIn } from "../doubles/stripe-stand-in";
import { createCustomer, customerCookie, rest, seedServices, staffCookie } from "../support/helpers";
import { hostileRequestsFor, operationsOf, type HostileRequest } from "../support/hostile/requests";
import type { Components } from "../support/hostile/schema-values";
import { setEnv } from "../support/env";

// At least 5,000 requests generated from the OpenAPI document itself, sent as
// anonymous, customer and staff. None may answer ≥ 500, leak a stack trace or a file path, or answer
// 4xx without a message; a refused request must leave every table's row count as it was.
const MINIMUM_REQUESTS = 5000;
const LEAK = /\n\s+at\s|node_modules|\/work\/|\/src\/|\.tsx?:\d+|webpack|turbopack|Error:\s/;

const COUNTED_TABLES = [
  "customers",
  "schedules",
  "visits",
  "messages",
  "payments",
  "services",
  "staff_users",
  "staff_sessions",
  "customer_sessions",
  "contact_inquiries",
  "api_keys",
  "customer_email_tokens",
  "email_outbox",
  "stripe_events",
  "business_settings",
  "webhook_endpoints",
  "webhook_events",
  "webhook_deliveries",
  "calendar_feeds",
];

async function rowCounts(): Promise<string> {
  const db = await getDb();
  const selects = COUNTED_TABLES.map((table) => `(select count(*) from ${table}) as ${table}`).join(", ");
  const result = await db.execute(sql.raw(`select ${selects}`));
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return JSON.stringify(rows[0]);
}

describe("hostile input generated from the OpenAPI document", () => {
  const identities: Record<string, Record<string, string>> = {};
  let stripe: StripeStandIn;

  beforeAll(async () => {
    // Card payments configured against a local stand-in, so those operations run their real paths.
    stripe = await startStripeStandIn();
    setEnv({
      STRIPE_SECRET_KEY: "sk_test_hostile",
      STRIPE_PUBLISHABLE_KEY: "pk_test_hostile",
      STRIPE_API_BASE_URL: stripe.url,
    });
    await seedServices();
    const { customer } = await createCustomer({ password: "customer-pass" });
    identities.anonymous = {};
    identities.customer = { cookie: await customerCookie(customer.id) };
    identities.staff = { cookie: await staffCookie() };
  });

  afterAll(async () => {
    setEnv({ STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_API_BASE_URL: undefined });
    await stripe.close();
  });

  it(`answers at least ${MINIMUM_REQUESTS} hostile requests without a 5xx, a leak or a silent change`, { timeout: 600_000 }, async () => {
    const document = getOpenApiDocument() as Parameters<typeof operationsOf>[0];
    const operations = operationsOf(document);
    const components = (document.components?.schemas ?? {}) as Components;
    const perOperation = Math.ceil(MINIMUM_REQUESTS / (operations.length * Object.keys(identities).length)) + 1;
    const problems: string[] = [];
    let sent = 0;
    let counts = await rowCounts();

    for (const [identityName, headers] of Object.entries(identities)) {
      for (const [operationIndex, operation] of operations.entries()) {
        const requests = hostileRequestsFor(operation, components, perOperation, operationIndex * 7919 + identityName.length);
        for (const request of requests) {
          const response = await send(request, headers);
          sent += 1;
          const where = `${identityName}: ${request.label} -> ${response.status}`;
          if (response.status >= 500) problems.push(`${where} ${response.text.slice(0, 200)}`);
          if (LEAK.test(response.text)) problems.push(`${where} leaks: ${response.text.slice(0, 200)}`);
          if (response.status >= 400 && typeof response.json?.message !== "string") problems.push(`${where} has no message`);
          const countsAfter = await rowCounts();
          if (response.status >= 400 && countsAfter !== counts) problems.push(`${where} changed row counts`);
          counts = countsAfter;
        }
      }
    }

    expect(problems.slice(0, 25)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(MINIMUM_REQUESTS);
  });
});

function send(request: HostileRequest, headers: Record<string, string>) {
  const requestHeaders: Record<string, string> = { ...headers };
  const takesBody = request.method !== "GET" && request.method !== "HEAD";
  if (!takesBody) {
    if (request.contentType) requestHeaders["content-type"] = request.contentType;
    return rest(request.method, request.path, { headers: requestHeaders });
  }
  if (request.rawBody !== undefined) {
    requestHeaders["content-type"] = request.contentType ?? "application/json";
    return rest(request.method, request.path, { rawBody: request.rawBody, headers: requestHeaders });
  }
  if (request.method === "DELETE") return rest(request.method, request.path, { headers: requestHeaders });
  return rest(request.method, request.path, { body: request.body ?? {}, headers: requestHeaders });
}
