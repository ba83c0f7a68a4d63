import { handleStripeWebhook } from "@/server/http/stripe-webhook-handler";

export const dynamic = "force-dynamic";

export { handleStripeWebhook as POST };
