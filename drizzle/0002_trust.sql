CREATE TABLE "known_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_user_id" integer,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_devices_one_owner_check" CHECK (("known_devices"."staff_user_id" is null) <> ("known_devices"."customer_id" is null))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"strikes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP TABLE "login_throttles" CASCADE;--> statement-breakpoint
ALTER TABLE "customer_email_tokens" DROP CONSTRAINT "customer_email_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD COLUMN "absolute_expires_at" timestamp with time zone;--> statement-breakpoint
-- Sessions signed in before this migration end 60 days after their sign-in, like new ones.
UPDATE "customer_sessions" SET "absolute_expires_at" = "created_at" + interval '60 days';--> statement-breakpoint
ALTER TABLE "customer_sessions" ALTER COLUMN "absolute_expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_devices_staff_user_idx" ON "known_devices" USING btree ("staff_user_id");--> statement-breakpoint
CREATE INDEX "known_devices_customer_idx" ON "known_devices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "rate_limits_window_started_idx" ON "rate_limits" USING btree ("window_started_at");--> statement-breakpoint
ALTER TABLE "customer_email_tokens" ADD CONSTRAINT "customer_email_tokens_purpose_check" CHECK ("customer_email_tokens"."purpose" in ('verify_email', 'invite', 'reset_password'));