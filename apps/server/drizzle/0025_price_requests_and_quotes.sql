CREATE TABLE "quote_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"message" text,
	"revision" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_request_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"excipient_id" integer,
	"product_name" text NOT NULL,
	"spec_id" integer,
	"grade" text,
	"pack_size" text,
	"quantity" numeric(10, 3) NOT NULL,
	"unit" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"delivery_city" text NOT NULL,
	"required_date" date NOT NULL,
	"purpose" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"sample_application_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quote_requests_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "quote_revision_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"revision_id" integer NOT NULL,
	"excipient_id" integer,
	"product_name" text NOT NULL,
	"spec" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(10, 3) NOT NULL,
	"unit_price_fen" integer NOT NULL,
	"tax_rate" integer NOT NULL,
	"tax_code" text NOT NULL,
	"moq" numeric(10, 3) NOT NULL,
	"lead_time_days" integer NOT NULL,
	"dangerous_goods" text,
	"remark" text DEFAULT '' NOT NULL,
	"amount_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"number" text NOT NULL,
	"revision" integer NOT NULL,
	"valid_until" date NOT NULL,
	"payment_terms" text NOT NULL,
	"credit_days" integer,
	"delivery_terms" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"quoted_by" integer,
	"quoted_by_name" text NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quote_revisions_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD CONSTRAINT "quote_request_lines_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD CONSTRAINT "quote_request_lines_excipient_id_excipients_id_fk" FOREIGN KEY ("excipient_id") REFERENCES "excipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD CONSTRAINT "quote_request_lines_spec_id_excipient_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "excipient_specs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_sample_application_id_sample_applications_id_fk" FOREIGN KEY ("sample_application_id") REFERENCES "sample_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revision_lines" ADD CONSTRAINT "quote_revision_lines_revision_id_quote_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "quote_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revision_lines" ADD CONSTRAINT "quote_revision_lines_excipient_id_excipients_id_fk" FOREIGN KEY ("excipient_id") REFERENCES "excipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD CONSTRAINT "quote_revisions_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD CONSTRAINT "quote_revisions_quoted_by_users_id_fk" FOREIGN KEY ("quoted_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_events_request_idx" ON "quote_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "quote_request_lines_request_idx" ON "quote_request_lines" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "quote_requests_user_idx" ON "quote_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_requests_company_idx" ON "quote_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_requests_status_idx" ON "quote_requests" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "quote_revision_lines_revision_idx" ON "quote_revision_lines" USING btree ("revision_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_revisions_request_revision_idx" ON "quote_revisions" USING btree ("request_id","revision");