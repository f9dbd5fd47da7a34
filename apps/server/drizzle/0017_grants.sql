CREATE TABLE "grant_seats" (
	"grant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grant_seats_grant_id_user_id_pk" PRIMARY KEY("grant_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"database_code" text,
	"name" text NOT NULL,
	"seats" integer,
	"source" text NOT NULL,
	"order_id" integer,
	"granted_by" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grant_seats" ADD CONSTRAINT "grant_seats_grant_id_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_seats" ADD CONSTRAINT "grant_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grant_seats_user_idx" ON "grant_seats" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "grants_user_idx" ON "grants" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "grants_order_idx" ON "grants" USING btree ("order_id");--> statement-breakpoint
-- Memberships staff set by hand on the users desk become grants of their own, then the column goes.
INSERT INTO "grants" ("user_id", "kind", "name", "source", "starts_at", "ends_at")
SELECT "id", 'membership', '会员（工作人员开通）', 'staff', LEAST(now(), "member_until"), "member_until"
FROM "users" WHERE "member_until" IS NOT NULL AND "deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "member_until";