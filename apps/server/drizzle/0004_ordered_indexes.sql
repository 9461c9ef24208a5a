DROP INDEX "auth_failures_key_time_idx";--> statement-breakpoint
DROP INDEX "ledger_account_time_idx";--> statement-breakpoint
DROP INDEX "ledger_account_type_time_idx";--> statement-breakpoint
DROP INDEX "recharges_agent_time_idx";--> statement-breakpoint
DROP INDEX "sms_codes_mobile_time_idx";--> statement-breakpoint
DROP INDEX "withdrawals_agent_time_idx";--> statement-breakpoint
CREATE INDEX "auth_failures_key_time_idx_v2" ON "auth_failures" USING btree ("key","created_at");--> statement-breakpoint
CREATE INDEX "ledger_account_time_idx_v2" ON "ledger_entries" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_account_type_time_idx_v2" ON "ledger_entries" USING btree ("account_id","bill_type","created_at","id");--> statement-breakpoint
CREATE INDEX "recharges_agent_time_idx_v2" ON "recharges" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_mobile_time_idx_v2" ON "sms_codes" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_agent_time_idx_v2" ON "withdrawals" USING btree ("agent_id","created_at");