CREATE TYPE "access_level" AS ENUM('public', 'login', 'member');--> statement-breakpoint
CREATE TABLE "databases" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"access" "access_level" NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "excipient_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"excipient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"access" text NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "excipient_specs" (
	"id" serial PRIMARY KEY NOT NULL,
	"excipient_id" integer NOT NULL,
	"grade" text NOT NULL,
	"pack_size" text NOT NULL,
	"sample_available" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "excipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"synonyms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cas" text,
	"category" text NOT NULL,
	"dosage_forms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pharmacopoeias" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reg_nos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sample_available" boolean DEFAULT true NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (fl_search_text(name_zh, name_en, cas, category, synonyms::text)) STORED,
	"search_grams" text[] GENERATED ALWAYS AS (fl_grams(fl_search_text(name_zh, name_en, cas, category, synonyms::text))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"source" text NOT NULL,
	"published_on" date NOT NULL,
	"cover" text,
	"summary" text NOT NULL,
	"content" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (fl_search_text(title, summary)) STORED,
	"search_grams" text[] GENERATED ALWAYS AS (fl_grams(fl_search_text(title, summary))) STORED
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"reg_no" text NOT NULL,
	"name" text NOT NULL,
	"company" text NOT NULL,
	"company_address" text DEFAULT '' NOT NULL,
	"province" text NOT NULL,
	"source" text NOT NULL,
	"spec" text DEFAULT '' NOT NULL,
	"package_spec" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"review_status" text NOT NULL,
	"updated_on" date NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (fl_search_text(reg_no, name, company)) STORED,
	"search_grams" text[] GENERATED ALWAYS AS (fl_grams(fl_search_text(reg_no, name, company))) STORED,
	CONSTRAINT "registrations_reg_no_unique" UNIQUE("reg_no")
);
--> statement-breakpoint
CREATE TABLE "regulations" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"issuer" text NOT NULL,
	"doc_number" text,
	"category" text NOT NULL,
	"issued_on" date NOT NULL,
	"effective_on" date,
	"status" text NOT NULL,
	"content" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (fl_search_text(title, issuer, doc_number)) STORED,
	"search_grams" text[] GENERATED ALWAYS AS (fl_grams(fl_search_text(title, issuer, doc_number))) STORED
);
--> statement-breakpoint
CREATE TABLE "standards" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"pharmacopoeia" text NOT NULL,
	"edition" text NOT NULL,
	"status" text NOT NULL,
	"effective_on" date,
	"search_grams" text[] GENERATED ALWAYS AS (fl_grams(fl_search_text(name, name_en))) STORED
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"ingredient" text NOT NULL,
	"route" text NOT NULL,
	"dosage_form" text NOT NULL,
	"max_amount" text NOT NULL,
	"search_grams" text[] GENERATED ALWAYS AS (fl_grams(fl_search_text(ingredient))) STORED
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "member_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "excipient_documents" ADD CONSTRAINT "excipient_documents_excipient_id_excipients_id_fk" FOREIGN KEY ("excipient_id") REFERENCES "excipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excipient_specs" ADD CONSTRAINT "excipient_specs_excipient_id_excipients_id_fk" FOREIGN KEY ("excipient_id") REFERENCES "excipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "excipient_documents_excipient_idx" ON "excipient_documents" USING btree ("excipient_id");--> statement-breakpoint
CREATE INDEX "excipient_specs_excipient_idx" ON "excipient_specs" USING btree ("excipient_id");--> statement-breakpoint
CREATE INDEX "excipients_category_idx" ON "excipients" USING btree ("category");--> statement-breakpoint
CREATE INDEX "excipients_grams_idx" ON "excipients" USING gin ("search_grams");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_unique_idx" ON "favorites" USING btree ("user_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published_on");--> statement-breakpoint
CREATE INDEX "news_grams_idx" ON "news" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "registrations_updated_idx" ON "registrations" USING btree ("updated_on","id");--> statement-breakpoint
CREATE INDEX "registrations_type_status_idx" ON "registrations" USING btree ("type","review_status","updated_on");--> statement-breakpoint
CREATE INDEX "registrations_province_idx" ON "registrations" USING btree ("province","updated_on");--> statement-breakpoint
CREATE INDEX "registrations_company_grams_idx" ON "registrations" USING gin (fl_grams(lower(company)));--> statement-breakpoint
CREATE INDEX "registrations_grams_idx" ON "registrations" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "regulations_issued_idx" ON "regulations" USING btree ("issued_on");--> statement-breakpoint
CREATE INDEX "regulations_grams_idx" ON "regulations" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "standards_grams_idx" ON "standards" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "usage_records_grams_idx" ON "usage_records" USING gin ("search_grams");