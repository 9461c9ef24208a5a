CREATE TABLE "payout_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"status" text DEFAULT 'exported' NOT NULL,
	"count" integer NOT NULL,
	"total_fen" bigint NOT NULL,
	"file_sha256" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_by" integer,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"batch_id" bigint NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"file_sha256" text NOT NULL,
	"lines" jsonb NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_by" integer,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reconciliation_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"provider_ref" text,
	"our_fen" bigint,
	"their_fen" bigint,
	"outcome" text NOT NULL,
	"resolved_by" integer,
	"resolution" text,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"bill_date" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"mismatched" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refund_approvals" (
	"refund_id" text NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_approvals_refund_id_operator_id_pk" PRIMARY KEY("refund_id","operator_id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"request_id" text NOT NULL,
	"created_by" integer NOT NULL,
	"approvals_needed" smallint DEFAULT 1 NOT NULL,
	"review_reason" text,
	"provider_ref" text,
	"check_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"remark" text,
	"diamonds_short" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_bill_type_range";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_method" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_status" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_ref" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_package" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_error" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_batch_id" bigint;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_settled_by_operators_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_imports" ADD CONSTRAINT "payout_imports_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_imports" ADD CONSTRAINT "payout_imports_uploaded_by_operators_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_imports" ADD CONSTRAINT "payout_imports_applied_by_operators_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_items" ADD CONSTRAINT "reconciliation_items_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_items" ADD CONSTRAINT "reconciliation_items_resolved_by_operators_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_approvals" ADD CONSTRAINT "refund_approvals_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_approvals" ADD CONSTRAINT "refund_approvals_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_items_run_ref_uq" ON "reconciliation_items" USING btree ("run_id","kind","ref");--> statement-breakpoint
CREATE INDEX "reconciliation_items_open_idx" ON "reconciliation_items" USING btree ("run_id") WHERE "reconciliation_items"."outcome" <> 'matched' and "reconciliation_items"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_day_uq" ON "reconciliation_runs" USING btree ("provider","bill_date");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_request_uq" ON "refunds" USING btree ("order_id","request_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_status_time_idx" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "refunds_check_idx" ON "refunds" USING btree ("check_at") WHERE "refunds"."check_at" is not null;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_batch_id_payout_batches_id_fk" FOREIGN KEY ("payout_batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_transfer_check_idx" ON "withdrawals" USING btree ("transfer_check_at") WHERE "withdrawals"."transfer_check_at" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_batch_idx" ON "withdrawals" USING btree ("payout_batch_id") WHERE "withdrawals"."payout_batch_id" is not null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_bill_type_range" CHECK ("ledger_entries"."bill_type" between 1 and 11);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_amount" CHECK ("orders"."refunded_fen" >= 0 and "orders"."refunded_fen" <= "orders"."amount_fen");