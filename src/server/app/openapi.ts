import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { config } from "@/server/config";
import { appRouter } from "./router";
import { procedureMetas } from "@/server/app/procedure-meta";
import { documentedStatuses } from "@/server/api/statuses";
import type { Access, Meta } from "@/server/api/meta";
import type { StaffRole } from "@/lib/staff-roles";
import { webhooksDocument } from "@/server/webhooks/openapi";

type Responses = Record<string, unknown>;
type Operation = { security?: Array<Record<string, string[]>>; responses?: Responses; description?: string; "x-roles"?: string[] };

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  // An explicit empty list: anyone may call it.
  public: [],
  staff: [{ staffSession: [] }, { apiKey: [] }],
  staffUser: [{ staffSession: [] }],
  customer: [{ customerSession: [] }],
};

/** The one error shape, exactly what the server sends for every status from 400 up. */
const ERROR_SCHEMA = {
  type: "object",
  description: "Every error answer. `message` is plain words for a person (the first field's own message for invalid input).",
  required: ["message", "code"],
  additionalProperties: false,
  properties: {
    message: { type: "string" },
    code: {
      type: "string",
      description: "The kind of error, stable for programs to test.",
      enum: [
        "BAD_REQUEST",
        "UNAUTHORIZED",
        "FORBIDDEN",
        "NOT_FOUND",
        "METHOD_NOT_SUPPORTED",
        "CONFLICT",
        "PRECONDITION_FAILED",
        "PAYLOAD_TOO_LARGE",
        "UNSUPPORTED_MEDIA_TYPE",
        "TOO_MANY_REQUESTS",
        "SERVICE_UNAVAILABLE",
      ],
    },
    issues: {
      type: "array",
      description: "For invalid input: each problem, with the path of the field it concerns.",
      items: {
        type: "object",
        required: ["path", "message"],
        additionalProperties: false,
        properties: {
          path: { type: "array", items: { type: "string" }, description: 'The field, such as ["email"] or ["items", "0", "name"].' },
          message: { type: "string" },
        },
      },
    },
  },
} as const;

const RETRY_AFTER = {
  description: "Seconds to wait before trying again.",
  schema: { type: "integer" as const, minimum: 1 },
};

const ERROR_RESPONSES: Record<number, { name: string; description: string; retryAfter?: boolean }> = {
  400: { name: "BadRequest", description: "The input is invalid or breaks a rule; `issues` names each field." },
  401: { name: "Unauthorized", description: "Not signed in (or the sign-in has expired) for this operation." },
  403: {
    name: "Forbidden",
    description:
      "Refused: a write a browser sent from another website, an action not allowed, or a staff role the operation does not allow (see `x-roles`).",
  },
  404: { name: "NotFound", description: "No such record, or not one the caller may see." },
  409: { name: "Conflict", description: "The request conflicts with the current state, such as a slot already full." },
  410: { name: "Gone", description: "The link was revoked or has expired: ask for a new one." },
  412: { name: "PreconditionFailed", description: "A condition for this action is not met." },
  413: {
    name: "PayloadTooLarge",
    description: "The request body is larger than the limit: 100 kB, or more where an operation takes photos (its message names it).",
  },
  415: { name: "UnsupportedMediaType", description: "The request body is not sent as JSON." },
  429: { name: "TooManyRequests", description: "Too many attempts; wait for the seconds in `Retry-After`.", retryAfter: true },
  503: {
    name: "ServiceUnavailable",
    description:
      "The database is briefly unavailable (`Retry-After` says when to try again), or card payments are not set up or not reachable.",
    retryAfter: true,
  },
};

let cached: OpenAPIObject | undefined;

/** The OpenAPI 3.1 document of every REST operation. */
export function getOpenApiDocument(): OpenAPIObject {
  cached ??= buildDocument();
  return cached;
}

function buildDocument(): OpenAPIObject {
  const document = generateOpenApiDocument(appRouter, {
    title: "GreenScape Austin API",
    version: "1.0.0",
    description:
      "The REST face of the lawn-care business's typed procedures. Every error answers JSON `{ message, code, issues? }` " +
      "(the `Error` schema). Ids in paths and query strings are plain decimal integers; booleans in query strings are " +
      "exactly `true` or `false`; numbers and booleans in JSON bodies are JSON numbers and booleans. Integrations " +
      "authenticate with `Authorization: Bearer <API key>` (created by staff in Settings); browsers use the session cookies.",
    baseUrl: "/api",
    license: { name: "Proprietary: use under the GreenScape Austin terms", url: new URL("/terms", config().appUrl).toString() },
    securitySchemes: {
      staffSession: {
        type: "apiKey",
        in: "cookie",
        name: "staff_session",
        description: "Staff session cookie (named __Host-staff_session in production).",
      },
      customerSession: {
        type: "apiKey",
        in: "cookie",
        name: "customer_session",
        description: "Customer portal session cookie (named __Host-customer_session in production).",
      },
      apiKey: {
        type: "http",
        scheme: "bearer",
        description:
          "An API key created by staff; acts as the office role, or as one crew when created so (see each operation's `x-roles`).",
      },
    },
  });

  const metaByOperation = new Map<string, Meta>();
  for (const procedure of Object.values(procedureMetas())) {
    const meta = procedure._def.meta;
    if (meta?.openapi) metaByOperation.set(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta);
  }

  const usedErrorStatuses = new Set<number>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
      const meta = metaByOperation.get(`${method} ${path}`);
      operation.security = SECURITY[meta?.access ?? "public"];
      if (meta?.access === "staff" || meta?.access === "staffUser") {
        const roles = staffRolesOf(meta);
        operation["x-roles"] = roles;
        operation.description = [operation.description, rolesSentence(roles, meta.access === "staffUser")].filter(Boolean).join("\n\n");
      }
      operation.responses = responsesOf(meta, operation.responses ?? {});
      for (const status of documentedStatuses(meta)) if (status >= 400) usedErrorStatuses.add(status);
    }
  }

  const schemas = Object.fromEntries(Object.entries(document.components?.schemas ?? {}).filter(([name]) => !name.startsWith("error.")));
  document.components = {
    ...document.components,
    schemas: { ...schemas, Error: ERROR_SCHEMA as never },
    responses: Object.fromEntries(
      [...usedErrorStatuses]
        .sort()
        .map((status) => ERROR_RESPONSES[status]!)
        .map(({ name, description, retryAfter }) => [
          name,
          {
            description,
            ...(retryAfter ? { headers: { "Retry-After": RETRY_AFTER } } : {}),
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          },
        ]),
    ),
  };

  // What the app sends to integrations' webhook endpoints (Settings → Notifications).
  document.webhooks = webhooksDocument();
  return document;
}

/** The staff roles an operation allows, as its procedure declares them (none declared: owners only). */
function staffRolesOf(meta: Meta): StaffRole[] {
  return [...(meta.roles ?? ["owner"])];
}

/** The roles in a sentence, with what an API key may do: it acts as office, or as one crew. */
function rolesSentence(roles: StaffRole[], personOnly: boolean): string {
  const names = roles.length === 1 ? roles[0]! : `${roles.slice(0, -1).join(", ")} and ${roles.at(-1)}`;
  const keys = personOnly
    ? "a signed-in person, never an API key"
    : roles.includes("crew")
      ? "office and crew API keys"
      : roles.includes("office")
        ? "office API keys"
        : "no API key";
  const crew = roles.includes("crew") ? " A crew member (or crew key) sees and changes only their own crew's visits." : "";
  return `Staff roles allowed: ${names} (${keys}); any other role answers 403.${crew}`;
}

/** The generated success answer under its real status, then one entry per derived error status. */
function responsesOf(meta: Meta | undefined, generated: Responses): Responses {
  const responses: Responses = {};
  for (const status of documentedStatuses(meta)) {
    if (status < 400) responses[String(status)] = { ...(generated["200"] as object), description: status === 201 ? "Created" : "Success" };
    else responses[String(status)] = { $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` };
  }
  return responses;
}
