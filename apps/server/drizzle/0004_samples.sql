CREATE TYPE "application_action" AS ENUM('submit', 'update', 'approve', 'reject', 'ship', 'deliver', 'withdraw');--> statement-breakpoint
CREATE TYPE "application_status" AS ENUM('submitted', 'approved', 'rejected', 'shipped', 'delivered', 'withdrawn');--> statement-breakpoint
CREATE TABLE "form_dictionary" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_code" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_application_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"action" "application_action" NOT NULL,
	"status" "application_status" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" integer,
	"actor_role" "user_role" NOT NULL,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_application_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"excipient_id" integer,
	"spec_id" integer,
	"name_zh" text NOT NULL,
	"grade" text NOT NULL,
	"pack_size" text NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"user_id" integer NOT NULL,
	"status" "application_status" DEFAULT 'submitted' NOT NULL,
	"contact_name" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text NOT NULL,
	"company" text NOT NULL,
	"company_type" text NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"purpose" text NOT NULL,
	"dosage_form" text NOT NULL,
	"stage" text NOT NULL,
	"project_name" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"address" jsonb NOT NULL,
	"reject_reason" text,
	"carrier" text,
	"tracking_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sample_applications_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "sample_cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"excipient_id" integer NOT NULL,
	"spec_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"checked" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sample_application_events" ADD CONSTRAINT "sample_application_events_application_id_sample_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "sample_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_application_events" ADD CONSTRAINT "sample_application_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_application_items" ADD CONSTRAINT "sample_application_items_application_id_sample_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "sample_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_application_items" ADD CONSTRAINT "sample_application_items_excipient_id_excipients_id_fk" FOREIGN KEY ("excipient_id") REFERENCES "excipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_application_items" ADD CONSTRAINT "sample_application_items_spec_id_excipient_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "excipient_specs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_applications" ADD CONSTRAINT "sample_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_cart_items" ADD CONSTRAINT "sample_cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_cart_items" ADD CONSTRAINT "sample_cart_items_excipient_id_excipients_id_fk" FOREIGN KEY ("excipient_id") REFERENCES "excipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_cart_items" ADD CONSTRAINT "sample_cart_items_spec_id_excipient_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "excipient_specs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_dictionary_group_value_idx" ON "form_dictionary" USING btree ("group_code","value");--> statement-breakpoint
CREATE INDEX "sample_application_events_application_idx" ON "sample_application_events" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "sample_application_items_application_idx" ON "sample_application_items" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "sample_applications_user_idx" ON "sample_applications" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "sample_applications_status_idx" ON "sample_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_cart_items_user_spec_idx" ON "sample_cart_items" USING btree ("user_id","spec_id");--> statement-breakpoint
-- Option lists of the sample application form (reference data; staff may add, relabel or disable rows).
INSERT INTO "form_dictionary" ("group_code", "value", "label", "sort_order") VALUES
	('purpose', 'formulation_development', '处方开发', 1),
	('purpose', 'process_development', '工艺开发 / 放大', 2),
	('purpose', 'consistency_evaluation', '仿制药一致性评价', 3),
	('purpose', 'supplier_change', '变更辅料供应商', 4),
	('purpose', 'quality_research', '质量研究 / 检验', 5),
	('purpose', 'registration', '关联审评 / 注册申报', 6),
	('purpose', 'teaching_research', '教学科研', 7),
	('purpose', 'other', '其他', 99),
	('dosageForm', 'tablet', '片剂', 1),
	('dosageForm', 'capsule', '胶囊剂', 2),
	('dosageForm', 'granule', '颗粒剂', 3),
	('dosageForm', 'oral_liquid', '口服溶液 / 混悬剂', 4),
	('dosageForm', 'injection', '注射剂', 5),
	('dosageForm', 'ophthalmic', '眼用制剂', 6),
	('dosageForm', 'topical', '软膏 / 乳膏 / 凝胶', 7),
	('dosageForm', 'inhalation', '吸入制剂', 8),
	('dosageForm', 'suppository', '栓剂', 9),
	('dosageForm', 'transdermal', '透皮贴剂', 10),
	('dosageForm', 'other', '其他', 99),
	('stage', 'preclinical', '处方前研究', 1),
	('stage', 'pilot', '小试', 2),
	('stage', 'scale_up', '中试 / 工艺放大', 3),
	('stage', 'clinical', '临床研究', 4),
	('stage', 'registration', '申报注册', 5),
	('stage', 'commercial', '商业化生产', 6),
	('companyType', 'pharma', '制药企业', 1),
	('companyType', 'cro', 'CRO / CDMO', 2),
	('companyType', 'research', '科研院所 / 高校', 3),
	('companyType', 'hospital', '医院制剂室', 4),
	('companyType', 'distributor', '经销 / 贸易商', 5),
	('companyType', 'other', '其他', 99);
