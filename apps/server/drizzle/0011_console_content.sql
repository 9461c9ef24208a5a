CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"level" smallint,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "announcements_level_range" CHECK ("announcements"."level" is null or "announcements"."level" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" integer NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ref_type" text,
	"ref_id" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" integer NOT NULL,
	"type" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank_name" text,
	"account_sealed" text NOT NULL,
	"account_masked" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "account_no" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_categories" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "account_sealed" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "account_masked" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_account_id" bigint;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_time_idx" ON "announcements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_agent_idx" ON "notifications" USING btree ("agent_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("agent_id","id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "payout_accounts_agent_idx" ON "payout_accounts" USING btree ("agent_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_one_default_uq" ON "payout_accounts" USING btree ("agent_id") WHERE "payout_accounts"."is_default";--> statement-breakpoint
CREATE INDEX "agents_created_idx" ON "agents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_type_time_idx" ON "ledger_entries" USING btree ("bill_type","created_at");--> statement-breakpoint
CREATE INDEX "orders_paid_time_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_time_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "players_created_idx" ON "players" USING btree ("created_at");