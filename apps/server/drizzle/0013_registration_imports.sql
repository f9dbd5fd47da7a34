CREATE TABLE "registration_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_key" text NOT NULL,
	"filename" text NOT NULL,
	"format" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	"report" jsonb
);
--> statement-breakpoint
ALTER TABLE "registration_imports" ADD CONSTRAINT "registration_imports_file_key_uploads_name_fk" FOREIGN KEY ("file_key") REFERENCES "uploads"("name") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_imports" ADD CONSTRAINT "registration_imports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "users"("id") ON DELETE restrict ON UPDATE no action;