CREATE TABLE "excipient_safety_data" (
	"excipient_id" integer PRIMARY KEY NOT NULL,
	"revision" text NOT NULL,
	"revised_on" date NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "excipient_safety_data" ADD CONSTRAINT "excipient_safety_data_excipient_id_excipients_id_fk" FOREIGN KEY ("excipient_id") REFERENCES "excipients"("id") ON DELETE cascade ON UPDATE no action;-- hand-written below
--> statement-breakpoint
-- hand-written below
-- A safety data sheet is safety information, never 会员资料 nor sent on request (docs/decisions/0070).
UPDATE "excipient_documents" SET "access" = 'login' WHERE "kind" = 'SDS' AND "access" IN ('member', 'request');
