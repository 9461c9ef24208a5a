ALTER TABLE "ledger_entries" ADD COLUMN "memo_key" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "memo_params" jsonb;