/**
 * Card-payment settings, read from the environment at call time (not at import), so a running
 * server, a test or a deployment can change them without a rebuild. Next.js inlines
 * `process.env.NEXT_PUBLIC_*` at build time; reading by a computed name keeps these runtime values.
 */
function runtimeEnv(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

export interface StripeSettings {
  secretKey: string | undefined;
  publishableKey: string | undefined;
  webhookSecret: string | undefined;
  /** Another API address, such as a local stand-in in tests ("http://127.0.0.1:12111"). */
  apiBaseUrl: string | undefined;
}

export function stripeSettings(): StripeSettings {
  return {
    secretKey: runtimeEnv("STRIPE_SECRET_KEY"),
    publishableKey: runtimeEnv("STRIPE_PUBLISHABLE_KEY") ?? runtimeEnv("NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY"),
    webhookSecret: runtimeEnv("STRIPE_WEBHOOK_SECRET"),
    apiBaseUrl: runtimeEnv("STRIPE_API_BASE_URL"),
  };
}

export const CARD_PAYMENTS_NOT_CONFIGURED = "Card payments are not configured";
