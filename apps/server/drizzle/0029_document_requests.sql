CREATE TABLE "confidentiality_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"version" integer NOT NULL,
	"user_id" integer NOT NULL,
	"signer_name" text NOT NULL,
	"company_id" integer NOT NULL,
	"company_name" text NOT NULL,
	"ip" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "confidentiality_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"effective_on" date NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "confidentiality_agreements_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE TABLE "document_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"ip" text NOT NULL,
	"copy" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"excipient_id" integer,
	"product_name" text NOT NULL,
	"reg_no" text,
	"formulation_name" text,
	"applicant" text,
	"audit_dates" text,
	"audit_scope" text,
	"note" text,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"acceptance_id" integer NOT NULL,
	"file_key" text,
	"file_generated" boolean DEFAULT false NOT NULL,
	"file_sealed" boolean DEFAULT false NOT NULL,
	"decision_note" text,
	"refuse_reason" text,
	"decided_by" integer,
	"approved_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_requests_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "confidentiality_acceptances" ADD CONSTRAINT "confidentiality_acceptances_agreement_id_confidentiality_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "confidentiality_agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confidentiality_acceptances" ADD CONSTRAINT "confidentiality_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confidentiality_acceptances" ADD CONSTRAINT "confidentiality_acceptances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confidentiality_agreements" ADD CONSTRAINT "confidentiality_agreements_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_request_id_document_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "document_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_excipient_id_excipients_id_fk" FOREIGN KEY ("excipient_id") REFERENCES "excipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_acceptance_id_confidentiality_acceptances_id_fk" FOREIGN KEY ("acceptance_id") REFERENCES "confidentiality_acceptances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "confidentiality_acceptances_signer_idx" ON "confidentiality_acceptances" USING btree ("agreement_id","user_id");--> statement-breakpoint
CREATE INDEX "confidentiality_acceptances_company_idx" ON "confidentiality_acceptances" USING btree ("company_id","accepted_at");--> statement-breakpoint
CREATE INDEX "document_downloads_request_idx" ON "document_downloads" USING btree ("request_id","at");--> statement-breakpoint
CREATE INDEX "document_requests_company_idx" ON "document_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "document_requests_status_idx" ON "document_requests" USING btree ("status","updated_at");