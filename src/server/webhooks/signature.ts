import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Deliveries are signed the Standard Webhooks way (standardwebhooks.com), so receivers can use its
 * libraries or the few lines in the README: the HMAC-SHA256 of `<id>.<timestamp>.<body>`, keyed with
 * the bytes of the endpoint's secret after its "whsec_" prefix (base64), sent base64-encoded as
 * `webhook-signature: v1,<signature>` beside `webhook-id` and `webhook-timestamp` (Unix seconds).
 */
const SECRET_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString("base64");
}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  return createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
}

export function webhookHeaders(secret: string, id: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": `v1,${signWebhook(secret, id, timestamp, body)}`,
  };
}

/** The receiver's check, as the README describes it; a delivery older than five minutes is refused. */
export function verifyWebhook(secret: string, headers: Record<string, string | undefined>, body: string, now = new Date()): boolean {
  const id = headers["webhook-id"];
  const timestamp = Number(headers["webhook-timestamp"]);
  const signatures = headers["webhook-signature"];
  if (!id || !Number.isInteger(timestamp) || !signatures) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > 300) return false;
  const expected = Buffer.from(signWebhook(secret, id, timestamp, body));
  return signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    const given = Buffer.from(signature ?? "");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
