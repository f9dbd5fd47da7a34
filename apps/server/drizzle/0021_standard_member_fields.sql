ALTER TABLE "standards" ADD COLUMN "test_items" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "standards" ADD COLUMN "revision_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "plans" SET "description" = '药典标准数据库一年：中国药典、USP-NF、EP、JP 辅料标准的检验项目与修订说明（登录用户可见品种、版本与状态）。', "updated_at" = now()
  WHERE "database_code" = 'standard' AND "description" = '药典标准数据库一年：中国药典、USP-NF、EP、JP 辅料标准的版本与状态。';--> statement-breakpoint
UPDATE "plans" SET "description" = '一个账号一年：全部数据库的会员字段（辅料单位制剂最大用量、药典标准检验项目与修订说明、登记信息备注）与会员资料下载（如 DMF 公开部分）。', "updated_at" = now()
  WHERE "kind" = 'membership' AND "description" = '一个账号一年：全部数据库的会员字段（辅料单位制剂最大用量、登记信息备注）与会员资料下载。';
