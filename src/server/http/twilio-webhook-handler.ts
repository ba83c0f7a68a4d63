import { z } from "zod";
import { describeFailure, errorBody } from "@/server/api/error-mapping";
import { getDb } from "@/server/db";
import { receiveInboundText } from "@/server/texts/inbound-text";
import { signedByTwilio } from "@/server/texts/inbound-signature";
import { applyTextStatus } from "@/server/texts/status-callback";
import { TEXTS_NOT_CONFIGURED, textsConfigured } from "@/server/texts/twilio-client";
import { jsonError, readBodyWithinLimit } from "./json-response";

// A text's form holds at most 1,600 characters and ten media addresses; 64 kB holds any of them.
const MAX_FORM_BYTES = 64 * 1024;

/** An empty TwiML answer: Twilio sends nothing back itself; our replies go through the queue. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

const ZMessageSid = z.string().regex(/^[A-Z]{2}[0-9a-f]{32}$/i, "MessageSid is not a Twilio message id");

const ZInboundTextForm = z.object({
  MessageSid: ZMessageSid,
  From: z.string().trim().min(1, "From is required").max(64),
  Body: z.string().max(5000).default(""),
  NumMedia: z.coerce.number().int().min(0).max(100).default(0),
});

const ZStatusForm = z.object({
  MessageSid: ZMessageSid,
  MessageStatus: z.string().trim().min(1, "MessageStatus is required").max(40),
  ErrorCode: z.coerce.number().int().positive().optional().catch(undefined),
});

/**
 * A Twilio webhook: the form it posts, once its X-Twilio-Signature checks out. Like Stripe's, it
 * authenticates by signature, so it is exempt from the origin check; a forged or unsigned request
 * is refused before anything is read from the database or stored.
 */
function twilioWebhook<T extends { MessageSid: string }>(form: z.ZodType<T>, handle: (fields: T) => Promise<unknown>) {
  return async (request: Request): Promise<Response> => {
    const rawBody = await readBodyWithinLimit(request, MAX_FORM_BYTES);
    if (rawBody === null) return jsonError(413, { message: "The request is too large (the limit is 64 kB).", code: "PAYLOAD_TOO_LARGE" });
    if (!textsConfigured()) return jsonError(503, { message: TEXTS_NOT_CONFIGURED, code: "SERVICE_UNAVAILABLE" });

    const params = Object.fromEntries(new URLSearchParams(rawBody));
    const url = new URL(request.url);
    if (!signedByTwilio(url.pathname + url.search, params, request.headers.get("x-twilio-signature"))) {
      return jsonError(403, { message: "The X-Twilio-Signature does not match this request.", code: "FORBIDDEN" });
    }
    const fields = form.safeParse(params);
    if (!fields.success) return jsonError(400, { message: fields.error.issues[0]?.message ?? "Invalid form", code: "BAD_REQUEST" });

    try {
      await handle(fields.data);
      return new Response(EMPTY_TWIML, { status: 200, headers: { "Content-Type": "text/xml", "Cache-Control": "no-store" } });
    } catch (error) {
      const failure = describeFailure(error);
      if (failure.databaseStage) return jsonError(503, errorBody(failure), { "Retry-After": String(failure.retryAfterSeconds) });
      console.error(`Twilio webhook ${url.pathname} ${fields.data.MessageSid}:`, error);
      return jsonError(500, { message: "The request could not be processed.", code: "INTERNAL_SERVER_ERROR" });
    }
  };
}

/** A customer's text (docs/product-rules.md#texts): kept once by its MessageSid, however often Twilio delivers it. */
export const handleTwilioInboundText = twilioWebhook(ZInboundTextForm, async (form) =>
  receiveInboundText(await getDb(), { providerSid: form.MessageSid, from: form.From, body: form.Body, mediaCount: form.NumMedia }),
);

/** What became of a text we sent (Twilio's status callback, TEXT_STATUS_CALLBACK_PATH). */
export const handleTwilioTextStatus = twilioWebhook(ZStatusForm, async (form) =>
  applyTextStatus(await getDb(), { providerSid: form.MessageSid, status: form.MessageStatus, errorCode: form.ErrorCode ?? null }),
);
