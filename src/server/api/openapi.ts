import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { appRouter } from "./root";
import { procedureMetas } from "./procedure-meta";
import type { Meta } from "./trpc";
import { webhooksDocument } from "@/server/webhooks/openapi";

type Operation = { security?: Array<Record<string, string[]>>; responses?: Record<string, unknown> };

const STAFF_SECURITY: Array<Record<string, string[]>> = [{ staffSession: [] }, { apiKey: [] }];
const STAFF_SESSION_SECURITY: Array<Record<string, string[]>> = [{ staffSession: [] }];
const CUSTOMER_SECURITY: Array<Record<string, string[]>> = [{ customerSession: [] }];

let cached: OpenAPIObject | undefined;

/**
 * The OpenAPI 3.1 document of every REST operation. Protected operations under /customer/ take
 * the customer's cookie; those only a staff member in person may call take the staff cookie; every
 * other protected one takes the staff cookie or an API key.
 */
export function getOpenApiDocument(): OpenAPIObject {
  cached ??= buildDocument();
  return cached;
}

function buildDocument(): OpenAPIObject {
  const document = generateOpenApiDocument(appRouter, {
    title: "GreenScape Austin API",
    version: "1.0.0",
    description:
      "The REST face of the lawn-care business's typed procedures. Errors answer JSON `{ message, code }` " +
      "(plus `issues` for validation failures). Integrations authenticate with `Authorization: Bearer <API key>` " +
      "(created by staff in Settings); browsers use the session cookies.",
    baseUrl: "/api",
    securitySchemes: {
      staffSession: { type: "apiKey", in: "cookie", name: "staff_session", description: "Staff session cookie (named __Host-staff_session in production)." },
      customerSession: { type: "apiKey", in: "cookie", name: "customer_session", description: "Customer portal session cookie (named __Host-customer_session in production)." },
      apiKey: { type: "http", scheme: "bearer", description: "An API key created by staff; acts with staff rights." },
    },
  });

  const metaByOperation = new Map<string, Meta>();
  for (const procedure of Object.values(procedureMetas())) {
    const openapi = procedure._def.meta?.openapi;
    if (openapi) metaByOperation.set(`${openapi.method.toLowerCase()} ${openapi.path}`, procedure._def.meta!);
  }

  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item as Record<string, Operation>)) {
      const operation = value;
      const meta = metaByOperation.get(`${method} ${path}`);
      if (operation.security) {
        operation.security = path.startsWith("/customer/")
          ? CUSTOMER_SECURITY
          : meta?.staffSessionOnly
            ? STAFF_SESSION_SECURITY
            : STAFF_SECURITY;
      }
      if (meta?.successStatus === 201 && operation.responses?.["200"]) {
        operation.responses["201"] = operation.responses["200"];
        delete operation.responses["200"];
      }
    }
  }
  // What the app sends to integrations' webhook endpoints (Settings → Notifications).
  document.webhooks = webhooksDocument();
  return document;
}
