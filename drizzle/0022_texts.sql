CREATE TABLE "inbound_texts" (
	"provider_sid" text PRIMARY KEY NOT NULL,
	"from" text NOT NULL,
	"body" text NOT NULL,
	"customer_id" integer,
	"message_id" integer,
	"inquiry_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_consent_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"given" boolean NOT NULL,
	"method" text NOT NULL,
	"words" text NOT NULL,
	"phone" text,
	"staff_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_consent_changes_method_check" CHECK ("text_consent_changes"."method" in ('booking', 'registration', 'portal', 'staff', 'keyword'))
);
--> statement-breakpoint
CREATE TABLE "text_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"message_id" integer,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"segments" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_sid" text,
	"error_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_messages_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "text_messages_providerSid_unique" UNIQUE("provider_sid"),
	CONSTRAINT "text_messages_status_check" CHECK ("text_messages"."status" in ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'outbox', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "text_number" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "text_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "texts_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "notify_by" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_inquiries" ADD COLUMN "source" text DEFAULT 'website' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "channel" text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_texts" ADD CONSTRAINT "inbound_texts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_texts" ADD CONSTRAINT "inbound_texts_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_consent_changes" ADD CONSTRAINT "text_consent_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_consent_changes" ADD CONSTRAINT "text_consent_changes_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_texts_received_idx" ON "inbound_texts" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "text_consent_changes_customer_idx" ON "text_consent_changes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "text_messages_created_idx" ON "text_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "text_messages_customer_idx" ON "text_messages" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "text_messages_message_idx" ON "text_messages" USING btree ("message_id") WHERE "text_messages"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "customers_text_number_idx" ON "customers" USING btree ("text_number") WHERE "customers"."text_number" is not null;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_notify_by_check" CHECK ("customers"."notify_by" in ('email', 'text', 'both'));--> statement-breakpoint
ALTER TABLE "contact_inquiries" ADD CONSTRAINT "contact_inquiries_source_check" CHECK ("contact_inquiries"."source" in ('website', 'text'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_channel_check" CHECK ("messages"."channel" in ('portal', 'text'));