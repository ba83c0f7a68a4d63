import { config } from "@/server/config";

/** Card-payment settings; without a secret key card payment reports that it is not configured. */
export interface StripeSettings {
  secretKey: string | undefined;
  publishableKey: string | undefined;
  webhookSecret: string | undefined;
  /** Another API address, such as a local stand-in in tests ("http://127.0.0.1:12111"). */
  apiBaseUrl: string | undefined;
}

export function stripeSettings(): StripeSettings {
  return config().stripe;
}

export const CARD_PAYMENTS_NOT_CONFIGURED = "Card payments are not configured";
