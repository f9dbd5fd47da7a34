CREATE TABLE "sandbox_gateway_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"refund_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"refund_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_refunds" ADD CONSTRAINT "sandbox_gateway_refunds_order_id_sandbox_gateway_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "sandbox_gateway_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_gateway_refunds_number_idx" ON "sandbox_gateway_refunds" USING btree ("order_id","refund_no");