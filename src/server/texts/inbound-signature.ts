import twilio from "twilio";
import { config } from "@/server/config";
import { appUrl } from "@/server/email/app-url";

/**
 * Whether a webhook request is Twilio's: its X-Twilio-Signature is the HMAC, keyed with our auth
 * token, of the address Twilio was given and the form fields. The address is our configured public
 * one (APP_URL), never the request's Host header, which anyone can set.
 */
export function signedByTwilio(pathAndQuery: string, params: Record<string, string>, signature: string | null): boolean {
  const { authToken } = config().twilio;
  if (!authToken || !signature) return false;
  return twilio.validateRequest(authToken, signature, appUrl(pathAndQuery), params);
}
