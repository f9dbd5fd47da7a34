ALTER TABLE "uploads" ADD COLUMN "personal" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sample_application_items" ADD COLUMN "batch_number" text;--> statement-breakpoint
ALTER TABLE "sample_application_items" ADD COLUMN "coa_key" text;--> statement-breakpoint
ALTER TABLE "sample_application_items" ADD CONSTRAINT "sample_application_items_coa_key_uploads_name_fk" FOREIGN KEY ("coa_key") REFERENCES "uploads"("name") ON DELETE no action ON UPDATE no action;