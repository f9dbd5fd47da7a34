CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"credit_code" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"license_key" text,
	"created_by" integer,
	"verified_by" integer,
	"verified_at" timestamp with time zone,
	"yearly_applications" integer,
	"yearly_items" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account" text NOT NULL,
	"roles" text[] NOT NULL,
	"invited_by" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_by" integer,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "company_members_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sample_applications" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_status_idx" ON "companies" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "companies_credit_code_idx" ON "companies" USING btree ("credit_code");--> statement-breakpoint
CREATE INDEX "company_invitations_company_idx" ON "company_invitations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_invitations_account_idx" ON "company_invitations" USING btree ("account");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_pending_idx" ON "company_invitations" USING btree ("company_id","account") WHERE "company_invitations"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "company_members_user_idx" ON "company_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sample_applications" ADD CONSTRAINT "sample_applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sample_applications_company_idx" ON "sample_applications" USING btree ("company_id","created_at");--> statement-breakpoint
-- Written by hand (the generator writes no data): an account registered through the site entered the
-- code sent to its number, which registration records with the consent; those accounts hold their contact.
UPDATE "users" SET "account_verified_at" = "created_at" WHERE "consented_at" IS NOT NULL AND "deleted_at" IS NULL;
