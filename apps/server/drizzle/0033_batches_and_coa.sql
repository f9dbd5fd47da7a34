CREATE TABLE "batch_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"position" integer NOT NULL,
	"item" text NOT NULL,
	"limit" text DEFAULT '' NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"method" text DEFAULT '' NOT NULL,
	"conclusion" text
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"excipient_id" integer NOT NULL,
	"spec_id" integer,
	"batch_number" text NOT NULL,
	"manufactured_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"quantity" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"check_code" text NOT NULL,
	"tested_on" date,
	"coa_file_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batches_check_code_unique" UNIQUE("check_code")
);
--> statement-breakpoint
ALTER TABLE "sample_application_items" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "batch_results" ADD CONSTRAINT "batch_results_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_excipient_id_excipients_id_fk" FOREIGN KEY ("excipient_id") REFERENCES "excipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_spec_id_excipient_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "excipient_specs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_coa_file_key_uploads_name_fk" FOREIGN KEY ("coa_file_key") REFERENCES "uploads"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_results_position_idx" ON "batch_results" USING btree ("batch_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "batches_number_idx" ON "batches" USING btree ("excipient_id","batch_number");--> statement-breakpoint
CREATE INDEX "batches_status_idx" ON "batches" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "sample_application_items" ADD CONSTRAINT "sample_application_items_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written below
-- The batch numbers samples were shipped with become batches on record (docs/decisions/0073-batches-and-coa-lookup.md):
-- one per product and number, released, tested and made on the day of the shipment (the only date known), valid three
-- years, its quantity not recorded, its COA the one the shipment attached; each item then links to its batch. Check
-- codes come from gen_random_uuid()'s random bytes (two bytes a character, so the modulo is practically unbiased).
CREATE FUNCTION fl_new_check_code() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '34679ACDEFGHJKMNPQRTUVWXY';
  bytes bytea := uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid());
  code text := '';
BEGIN
  FOR k IN 0..7 LOOP
    code := code || substr(alphabet, ((get_byte(bytes, 4 * k) * 256 + get_byte(bytes, 4 * k + 1)) % 25) + 1, 1);
  END LOOP;
  RETURN code;
END;
$$;
--> statement-breakpoint
INSERT INTO "batches" ("excipient_id", "spec_id", "batch_number", "manufactured_on", "expires_on", "quantity", "status", "check_code", "tested_on", "coa_file_key")
SELECT s.excipient_id, s.spec_id, s.batch_number, s.shipped_on, s.shipped_on + 1095, '未登记', 'released', fl_new_check_code(), s.shipped_on, s.coa_key
FROM (
  SELECT i.excipient_id, btrim(i.batch_number) AS batch_number, min(i.spec_id) AS spec_id, min(i.coa_key) AS coa_key,
         min((a.updated_at AT TIME ZONE 'Asia/Shanghai')::date) AS shipped_on
  FROM "sample_application_items" i
  JOIN "sample_applications" a ON a.id = i.application_id
  WHERE i.batch_number IS NOT NULL AND btrim(i.batch_number) <> '' AND i.excipient_id IS NOT NULL
  GROUP BY i.excipient_id, btrim(i.batch_number)
) s;
--> statement-breakpoint
UPDATE "sample_application_items" i SET "batch_id" = b.id
FROM "batches" b
WHERE b.excipient_id = i.excipient_id AND b.batch_number = btrim(i.batch_number) AND i.batch_id IS NULL;
--> statement-breakpoint
DROP FUNCTION fl_new_check_code();
