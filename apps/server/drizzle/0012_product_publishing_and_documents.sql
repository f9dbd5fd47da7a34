ALTER TABLE "excipient_documents" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "excipients" ADD COLUMN "featured_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "excipients" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "excipient_documents" ADD CONSTRAINT "excipient_documents_file_key_uploads_name_fk" FOREIGN KEY ("file_key") REFERENCES "uploads"("name") ON DELETE restrict ON UPDATE no action;