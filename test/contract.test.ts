import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getOpenApiDocument } from "../src/server/app/openapi";
import { startStripeStandIn, type StripeStandIn } from "./doubles/stripe-stand-in";
import { createMatrixFixtures, type MatrixFixtures } from "./fixtures/access-matrix";
import { arbitraryFor, HOSTILE_IDS, resolve, wrongTypeFor, type Components, type JsonSchema } from "./support/contract/arbitraries";
import { contractOperations, type ContractOperation, type OpenApiDocument } from "./support/contract/document";
import { eq } from "drizzle-orm";
import { getDb } from "../src/server/db";
import { staffUsers } from "../src/server/db/schema";
import { createStaffUser, customerCookie, rest, staffCookie } from "./support/helpers";
import { setEnv } from "./support/env";

// The API as an integrator meets it: every operation of the OpenAPI document is called with inputs
// generated from the document's own schemas (fast-check), valid and broken, as an anonymous caller,
// a customer and staff. Every answer must have a status its operation documents and a body that
// validates against the documented schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses it), and
// never a 5xx; broken input is never accepted. Operations come from the document, so a new one is
// covered without touching this file. CONTRACT_SEED replays or varies a run.

const SEED = Number(process.env.CONTRACT_SEED ?? 20_260_520);
const VALID_RUNS = 8;
const BROKEN_RUNS = 6;
const IDENTITIES = ["anonymous", "customer", "staff"] as const;
type Identity = (typeof IDENTITIES)[number];

interface GeneratedRequest {
  kind: "valid" | "broken";
  what: string;
  pathValues: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

let fx: MatrixFixtures;
let stripe: StripeStandIn;

function inputArbitraries(operation: ContractOperation, components: Components) {
  const of = (where: string) => operation.parameters.filter((parameter) => parameter.in === where);
  const record = (parameters: typeof operation.parameters) =>
    fc.record(
      Object.fromEntries(parameters.map((parameter) => [parameter.name, arbitraryFor(parameter.schema, components, parameter.name)])),
      { requiredKeys: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name) },
    );
  return {
    path: record(of("path")),
    query: record(of("query")),
    body: operation.body ? arbitraryFor(operation.body, components) : fc.constant(undefined),
  };
}

/** One way to break a valid request, chosen among those the operation's inputs allow. */
function breakers(operation: ContractOperation, components: Components) {
  const bodySchema: JsonSchema = resolve(operation.body, components);
  const fields = Object.entries(bodySchema.properties ?? {});
  const required = new Set(bodySchema.required ?? []);
  const list: Array<fc.Arbitrary<(request: GeneratedRequest) => GeneratedRequest>> = [];
  const withBody = (request: GeneratedRequest, change: (body: Record<string, unknown>) => void, what: string) => {
    const body = { ...(request.body as Record<string, unknown>) };
    change(body);
    return { ...request, kind: "broken" as const, what, body };
  };

  for (const [name, schema] of fields) {
    if (required.has(name)) list.push(fc.constant((request) => withBody(request, (body) => delete body[name], `missing ${name}`)));
    const wrong = wrongTypeFor(schema, components);
    if (wrong)
      list.push(wrong.map((value) => (request) => withBody(request, (body) => (body[name] = value), `${name} = ${JSON.stringify(value)}`)));
    const maxLength =
      resolve(schema, components).maxLength ??
      resolve(
        resolve(schema, components).anyOf?.find((part) => resolve(part, components).maxLength),
        components,
      ).maxLength;
    if (maxLength !== undefined && maxLength < 100_000) {
      list.push(
        fc
          .integer({ min: 1, max: 200 })
          .map(
            (extra) => (request) =>
              withBody(request, (body) => (body[name] = "x".repeat(maxLength + extra)), `${name} over ${maxLength} characters`),
          ),
      );
    }
  }
  if (operation.body) {
    list.push(
      fc
        .constantFrom<unknown>([], null, "text", 42)
        .map((value) => (request) => ({ ...request, kind: "broken" as const, what: `body ${JSON.stringify(value)}`, body: value })),
    );
  }
  for (const parameter of operation.parameters) {
    const kind = resolve(parameter.schema, components);
    const types = [kind.type ?? [], ...(kind.anyOf ?? []).map((part) => resolve(part, components).type ?? [])].flat();
    if (!types.includes("integer")) continue;
    const target = parameter.in === "path" ? "pathValues" : "query";
    // A hostile id can be a fair value of a counting parameter (offset 0): only those out of its range break it.
    const inRange = (value: string) =>
      /^(0|[1-9]\d*)$/.test(value) &&
      Number(value) >= (kind.minimum ?? -Infinity) &&
      Number(value) > (kind.exclusiveMinimum ?? -Infinity) &&
      Number(value) <= (kind.maximum ?? Infinity);
    const hostile = HOSTILE_IDS.filter((value) => !inRange(value));
    list.push(
      fc.constantFrom(...hostile).map((id) => (request) => ({
        ...request,
        kind: "broken" as const,
        what: `${parameter.name} = ${JSON.stringify(id)}`,
        [target]: { ...request[target], [parameter.name]: id },
      })),
    );
  }
  for (const parameter of operation.parameters.filter((candidate) => candidate.required && candidate.in === "query")) {
    list.push(
      fc.constant((request) => {
        const query = { ...request.query };
        delete query[parameter.name];
        return { ...request, kind: "broken" as const, what: `missing ${parameter.name}`, query };
      }),
    );
  }
  return list;
}

function requestsFor(operation: ContractOperation, components: Components, seed: number): GeneratedRequest[] {
  const inputs = inputArbitraries(operation, components);
  const valid = fc
    .record({ pathValues: inputs.path, query: inputs.query, body: inputs.body })
    .map((input): GeneratedRequest => ({ kind: "valid", what: "valid", ...input }));
  const requests = fc.sample(valid, { numRuns: VALID_RUNS, seed });
  const ways = breakers(operation, components);
  if (ways.length) {
    const broken = fc.tuple(valid, fc.oneof(...ways)).map(([request, breakIt]) => breakIt(request));
    requests.push(...fc.sample(broken, { numRuns: BROKEN_RUNS, seed: seed + 1 }));
  }
  return requests;
}

function urlOf(operation: ContractOperation, request: GeneratedRequest): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    String(request.pathValues[name] ?? "1").replace(/[/?#]/g, encodeURIComponent),
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query))
    if (value !== undefined) query.set(name, typeof value === "object" ? JSON.stringify(value) : String(value));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

async function headersFor(identity: Identity): Promise<Record<string, string>> {
  // A fresh session per call: an operation that logs out or changes a password cannot starve the next.
  if (identity === "customer") return { cookie: await customerCookie(fx.customerA.id) };
  if (identity === "staff") return { cookie: await staffCookie(await liveStaffId()) };
  return {};
}

/**
 * The staff account requests are made as. A generated request may remove it (`DELETE /staff/{id}`
 * with id 1 is valid input, and another owner exists); the next requests then act as a new owner.
 */
async function liveStaffId(): Promise<number> {
  const [row] = await (await getDb()).select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.id, fx.staff.id));
  if (!row) fx.staff = (await createStaffUser({ role: "owner" })).user;
  return fx.staff.id;
}

describe("the API keeps its OpenAPI contract", () => {
  beforeAll(async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    stripe = await startStripeStandIn();
    setEnv({ STRIPE_SECRET_KEY: "sk_test_contract", STRIPE_PUBLISHABLE_KEY: "pk_test_contract", STRIPE_API_BASE_URL: stripe.url });
    fx = await createMatrixFixtures();
  });

  afterAll(async () => {
    setEnv({ STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_API_BASE_URL: undefined });
    await stripe.close();
    vi.restoreAllMocks();
  });

  it("answers every documented operation with a documented status and a body that validates, never a 5xx", {
    timeout: 600_000,
  }, async () => {
    const document = getOpenApiDocument() as unknown as OpenApiDocument;
    const components = document.components?.schemas ?? {};
    const operations = contractOperations(document);
    expect(operations.length).toBeGreaterThan(40);
    const problems: string[] = [];
    const seen = { valid2xx: 0, broken: 0, sent: 0 };

    for (const [index, operation] of operations.entries()) {
      const requests = requestsFor(operation, components, SEED + index * 101);
      for (const identity of IDENTITIES) {
        for (const request of requests) {
          const url = urlOf(operation, request);
          const takesBody = ["POST", "PUT", "PATCH"].includes(operation.method);
          const headers = { ...(await headersFor(identity)), ...(takesBody ? { "content-type": "application/json" } : {}) };
          const rawBody = takesBody ? (request.body === undefined ? "" : JSON.stringify(request.body)) : undefined;
          const response = await rest(operation.method, url, { headers, rawBody });
          seen.sent += 1;
          const where = `${identity} ${operation.method} ${url} (${request.what}${request.body !== undefined ? ` ${JSON.stringify(request.body).slice(0, 160)}` : ""}) -> ${response.status}`;
          if (response.status >= 500) problems.push(`${where}: a 5xx ${response.text.slice(0, 200)}`);
          const invalid = operation.validate(response.status, response.json);
          if (invalid) problems.push(`${where}: ${invalid} ${response.text.slice(0, 200)}`);
          if (request.kind === "broken") {
            seen.broken += 1;
            if (response.status < 400) problems.push(`${where}: broken input accepted`);
          } else if (response.status < 300) {
            seen.valid2xx += 1;
          }
          if (response.status === 503 || response.status === 429) {
            if (!/^\d+$/.test(response.headers.get("retry-after") ?? "") && response.status === 429)
              problems.push(`${where}: no Retry-After`);
          }
        }
      }
    }

    if (process.env.CONTRACT_REPORT) console.log(JSON.stringify(seen));
    expect(problems.slice(0, 30), `seed ${SEED}`).toEqual([]);
    // The generated inputs reach past validation for a good share of the calls.
    expect(seen.valid2xx).toBeGreaterThan(operations.length);
    expect(seen.broken).toBeGreaterThan(operations.length * IDENTITIES.length);
  });
});
