import { z } from "zod";
import { WEBHOOK_EVENT_SUMMARIES } from "@/lib/validation/webhooks";
import { WEBHOOK_EVENT_TYPES, webhookEnvelopeSchema } from "./payloads";

const SIGNATURE_HELP =
  "Each delivery is a POST with a JSON body, signed the Standard Webhooks way: `webhook-signature` is `v1,` followed by the " +
  "base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the base64-decoded part of the endpoint's " +
  "secret after `whsec_`. Refuse a timestamp more than five minutes old, and use `webhook-id` (the event id) to drop " +
  "duplicates: a delivery that does not get a 2xx answer within 10 seconds is retried with a growing delay for about a day.";

const header = (name: string, description: string, example: string) => ({
  name,
  in: "header" as const,
  required: true,
  description,
  schema: { type: "string" as const, example },
});

/** The OpenAPI 3.1 `webhooks` section: what each event's delivery looks like. */
export function webhooksDocument() {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => {
      const { $schema: _ignored, ...schema } = z.toJSONSchema(webhookEnvelopeSchema(type), { io: "input" }) as Record<string, unknown>;
      return [
        type,
        {
          post: {
            operationId: `webhook_${type.replace(".", "_")}`,
            tags: ["webhooks"],
            summary: WEBHOOK_EVENT_SUMMARIES[type],
            // The receiver authenticates the delivery by its signature, not by a credential we send.
            security: [],
            description: SIGNATURE_HELP,
            parameters: [
              header("webhook-id", "The event id, the same on every retry", "evt_2fK9x0cQ7mVbY1nR"),
              header("webhook-timestamp", "When this attempt was signed, in Unix seconds", "1767225600"),
              header("webhook-signature", "v1, and the base64 signature", "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4="),
            ],
            requestBody: { required: true, content: { "application/json": { schema } } },
            responses: { "200": { description: "Any 2xx answer acknowledges the delivery" } },
          },
        },
      ];
    }),
  );
}
