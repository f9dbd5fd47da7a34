CREATE TABLE "sales_order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"excipient_id" integer,
	"product_name" text NOT NULL,
	"spec" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(10, 3) NOT NULL,
	"unit_price_fen" integer NOT NULL,
	"tax_rate" integer NOT NULL,
	"tax_code" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL,
	"dangerous_goods" text,
	"batch_numbers" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"quote_id" integer NOT NULL,
	"revision_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"status" text DEFAULT 'contract' NOT NULL,
	"total_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL,
	"payment_terms" text NOT NULL,
	"credit_days" integer,
	"delivery_terms" text NOT NULL,
	"delivery_city" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"remittance_code" text NOT NULL,
	"contract_number" text,
	"signed_on" date,
	"paid_at" timestamp with time zone,
	"paid_fen" bigint,
	"bank_reference" text,
	"carrier" text,
	"tracking_number" text,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sales_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "sales_orders_quote_id_unique" UNIQUE("quote_id"),
	CONSTRAINT "sales_orders_remittance_code_unique" UNIQUE("remittance_code")
);
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "amount_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sales_order_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "subject_name" text;--> statement-breakpoint
ALTER TABLE "sales_order_events" ADD CONSTRAINT "sales_order_events_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "sales_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_events" ADD CONSTRAINT "sales_order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "sales_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_excipient_id_excipients_id_fk" FOREIGN KEY ("excipient_id") REFERENCES "excipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_quote_id_quote_requests_id_fk" FOREIGN KEY ("quote_id") REFERENCES "quote_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_revision_id_quote_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "quote_revisions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_order_events_order_idx" ON "sales_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "sales_order_lines_order_idx" ON "sales_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sales_orders_user_idx" ON "sales_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_orders_company_idx" ON "sales_orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_orders_status_idx" ON "sales_orders" USING btree ("status","updated_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sales_order_id_sales_orders_id_fk" FOREIGN KEY ("sales_order_id") REFERENCES "sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_sales_order_idx" ON "invoices" USING btree ("sales_order_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_one_subject" CHECK (("invoices"."order_id" is null) <> ("invoices"."sales_order_id" is null));