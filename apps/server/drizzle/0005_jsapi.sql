ALTER TABLE "orders" ADD COLUMN "pay_channel" text DEFAULT 'h5' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prepay_id" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "wechat_open_id" text;