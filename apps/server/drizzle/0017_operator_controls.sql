-- Operator controls (decision 037): the two-person rule decides, at a withdrawal's first approval, how many operators
-- must approve it and why, and keeps both; an adjustment keeps why, and what its agent is told.
ALTER TABLE "adjustments" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "adjustments" ADD COLUMN "notice" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "approvals_needed" smallint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_review_reason_known"
  CHECK (review_reason IN ('amount', 'operatorDaily', 'targetDaily'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_review_reason_known"
  CHECK (review_reason IN ('amount', 'operatorDaily', 'targetDaily'));--> statement-breakpoint
-- Rows reviewed before: as many approvals as they got; one approved once and still pending waited for a second.
UPDATE withdrawals w SET approvals_needed = GREATEST(1, (SELECT count(*) FROM withdrawal_approvals a WHERE a.withdrawal_id = w.id))
 WHERE status IN ('approved', 'paid', 'failed');--> statement-breakpoint
UPDATE withdrawals w SET approvals_needed = 2, review_reason = 'amount'
 WHERE status = 'pending' AND EXISTS (SELECT 1 FROM withdrawal_approvals a WHERE a.withdrawal_id = w.id);--> statement-breakpoint
UPDATE adjustments SET review_reason = 'amount' WHERE approvals_needed = 2;--> statement-breakpoint
CREATE INDEX "adjustments_creator_time_idx" ON "adjustments" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_approvals_operator_time_idx" ON "withdrawal_approvals" USING btree ("operator_id","created_at");
