import { describeFailure, errorBody } from "@/server/api/error-mapping";
import { getDb } from "@/server/db";
import { ServiceUnavailableError } from "@/server/errors";
import { jsonError, readBodyWithinLimit } from "./json-response";
import { applyStripeEvent } from "@/server/payments/settle";
import { settleQuoteDepositOfIntent } from "@/server/quotes/deposit";
import { verifyStripeEvent, WebhookSignatureError } from "@/server/stripe/webhook";

// Stripe's events are far larger than our API requests can be; a megabyte holds any of them.
const MAX_EVENT_BYTES = 1024 * 1024;

/**
 * Stripe's webhook: how a card payment becomes completed (docs/product-rules.md#payments). It
 * authenticates by the signature over the raw body, so it reads the body as text before anything
 * parses it, and it is exempt from the origin check.
 */
export async function handleStripeWebhook(request: Request): Promise<Response> {
  const rawBody = await readBodyWithinLimit(request, MAX_EVENT_BYTES);
  if (rawBody === null) return jsonError(413, { message: "The event is too large (the limit is 1 MB).", code: "PAYLOAD_TOO_LARGE" });

  let event;
  try {
    event = verifyStripeEvent(rawBody, request.headers.get("stripe-signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) return jsonError(400, { message: error.message, code: "BAD_REQUEST" });
    if (error instanceof ServiceUnavailableError) return jsonError(503, { message: error.message, code: "SERVICE_UNAVAILABLE" });
    throw error;
  }

  try {
    const db = await getDb();
    const outcome = await applyStripeEvent(db, event);
    // A quote's deposit accepts its quote; after a replay too, so an interrupted acceptance completes.
    if (event.type === "payment_intent.succeeded") await settleQuoteDepositOfIntent(db, (event.data.object as { id: string }).id);
    return Response.json({ received: true, outcome });
  } catch (error) {
    // Any error makes Stripe deliver the event again later; nothing was recorded for it.
    const failure = describeFailure(error);
    if (failure.databaseStage) return jsonError(503, errorBody(failure), { "Retry-After": String(failure.retryAfterSeconds) });
    console.error(`Stripe webhook ${event.type} ${event.id}:`, error);
    return jsonError(500, { message: "The event could not be processed; it will be retried.", code: "INTERNAL_SERVER_ERROR" });
  }
}
