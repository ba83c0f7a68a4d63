CREATE TABLE "staff_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"crew_id" integer,
	"token_hash" text NOT NULL,
	"invited_by_user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "staff_invitations_role_check" CHECK ("staff_invitations"."role" in ('owner', 'office', 'crew')),
	CONSTRAINT "staff_invitations_crew_check" CHECK (("staff_invitations"."role" = 'crew') = ("staff_invitations"."crew_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "role" text DEFAULT 'office' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "crew_id" integer;--> statement-breakpoint
-- hand-written (staff roles): every account made before roles existed is an owner, as the first
-- account is; new accounts always name their role, so the column keeps no default.
ALTER TABLE "staff_users" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "crew_id" integer;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_user_id_staff_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_email_idx" ON "staff_invitations" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_role_check" CHECK ("api_keys"."role" in ('office', 'crew'));--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_crew_check" CHECK (("api_keys"."role" = 'crew') = ("api_keys"."crew_id" is not null));--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_role_check" CHECK ("staff_users"."role" in ('owner', 'office', 'crew'));--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_crew_check" CHECK (("staff_users"."role" = 'crew') = ("staff_users"."crew_id" is not null));