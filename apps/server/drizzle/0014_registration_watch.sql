ALTER TYPE "notice_kind" ADD VALUE 'watch';--> statement-breakpoint
CREATE TABLE "registration_watches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registration_watches" ADD CONSTRAINT "registration_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registration_watches_unique_idx" ON "registration_watches" USING btree ("user_id","scope","key");--> statement-breakpoint
CREATE INDEX "registration_watches_key_idx" ON "registration_watches" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "registrations_name_idx" ON "registrations" USING btree ("name");