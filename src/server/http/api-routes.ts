import { TEXT_STATUS_CALLBACK_PATH } from "@/server/texts/deliver-text";
import { TEXT_INBOUND_PATH } from "@/server/texts/inbound-text";
import { answeredByApi } from "./api-paths.mjs";
import { jsonError } from "./json-response";
import { handleOpenApiRequest } from "./openapi-handler";
import { handleRestRequest } from "./rest-handler";
import { handleStripeWebhook } from "./stripe-webhook-handler";
import { handleTrpcRequest } from "./trpc-handler";
import { handleTwilioInboundText, handleTwilioTextStatus } from "./twilio-webhook-handler";
import { handleVisitPhoto } from "./visit-photo-handler";

export type FetchHandler = (request: Request) => Response | Promise<Response>;

function onlyMethods(allowed: string[], handler: FetchHandler): FetchHandler {
  return (request) =>
    allowed.includes(request.method)
      ? handler(request)
      : jsonError(
          405,
          { message: `This path answers ${allowed.join(", ")} only.`, code: "METHOD_NOT_SUPPORTED" },
          { Allow: allowed.join(", ") },
        );
}

const trpc = onlyMethods(["GET", "HEAD", "POST"], handleTrpcRequest);
const stripeWebhook = onlyMethods(["POST"], handleStripeWebhook);
const twilioInboundText = onlyMethods(["POST"], handleTwilioInboundText);
const twilioTextStatus = onlyMethods(["POST"], handleTwilioTextStatus);
const openApi = onlyMethods(["GET", "HEAD"], handleOpenApiRequest);
const visitPhoto = onlyMethods(["GET", "HEAD"], handleVisitPhoto);

/**
 * The handler of an /api path; null for paths Next serves (the API docs page and everything
 * outside /api).
 */
export function apiHandlerFor(pathname: string): FetchHandler | null {
  if (!answeredByApi(pathname)) return null;
  if (pathname === "/api/trpc" || pathname.startsWith("/api/trpc/")) return trpc;
  if (pathname === "/api/webhooks/stripe") return stripeWebhook;
  if (pathname === TEXT_INBOUND_PATH) return twilioInboundText;
  if (pathname === TEXT_STATUS_CALLBACK_PATH) return twilioTextStatus;
  if (pathname === "/api/openapi.json") return openApi;
  if (pathname.startsWith("/api/visit-photos/")) return visitPhoto;
  return handleRestRequest;
}
