CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"price_fen" integer NOT NULL,
	"days" integer NOT NULL,
	"database_code" text,
	"seats" integer,
	"description" text DEFAULT '' NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "plans" ("kind", "name", "price_fen", "days", "database_code", "seats", "description", "sort_order") VALUES
  ('membership', '专业会员 年卡', 198000, 365, NULL, NULL, '一个账号一年：全部数据库的会员字段（辅料单位制剂最大用量、登记信息备注）与会员资料下载。', 10),
  ('membership', '专业会员 月卡', 29800, 30, NULL, NULL, '一个账号 30 天，权益同年卡。', 20),
  ('membership', '企业会员 年卡', 680000, 365, NULL, 5, '同一单位 5 个账号一年，权益同专业会员；可开具增值税专用发票。', 30),
  ('database', '辅料用量数据库 年度', 98000, 365, 'usage', NULL, '辅料用量数据库一年：按给药途径与剂型检索，含单位制剂最大用量。', 40),
  ('database', '药典标准数据库 年度', 68000, 365, 'standard', NULL, '药典标准数据库一年：中国药典、USP-NF、EP、JP 辅料标准的版本与状态。', 50);
