ALTER TABLE "customer_email_tokens" ADD COLUMN "pending_password_hash" text;--> statement-breakpoint
ALTER TABLE "customer_email_tokens" ADD COLUMN "browser_proof_hash" text;