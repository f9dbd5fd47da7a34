ALTER TYPE "notice_kind" ADD VALUE 'change_notice';--> statement-breakpoint
CREATE TABLE "change_notice_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"reasons" text[] NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"reminded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "change_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"excipient_id" integer,
	"product_name" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"impact_level" text NOT NULL,
	"impact" text NOT NULL,
	"effective_on" date NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"withdraw_reason" text,
	"reminder_after_days" integer DEFAULT 14 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "change_notices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "change_notice_recipients" ADD CONSTRAINT "change_notice_recipients_notice_id_change_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "change_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_notice_recipients" ADD CONSTRAINT "change_notice_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_notice_recipients" ADD CONSTRAINT "change_notice_recipients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_notice_recipients" ADD CONSTRAINT "change_notice_recipients_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_notices" ADD CONSTRAINT "change_notices_excipient_id_excipients_id_fk" FOREIGN KEY ("excipient_id") REFERENCES "excipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_notices" ADD CONSTRAINT "change_notices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "change_notice_recipients_unique_idx" ON "change_notice_recipients" USING btree ("notice_id","user_id");--> statement-breakpoint
CREATE INDEX "change_notice_recipients_user_idx" ON "change_notice_recipients" USING btree ("user_id","notified_at");--> statement-breakpoint
CREATE INDEX "change_notices_status_idx" ON "change_notices" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "change_notices_excipient_idx" ON "change_notices" USING btree ("excipient_id");