ALTER TABLE "game_endpoint" ADD COLUMN "paused_by" text;--> statement-breakpoint
ALTER TABLE "game_endpoint" ADD COLUMN "secret_sealed" text;--> statement-breakpoint
ALTER TABLE "game_endpoint" ADD COLUMN "previous_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "game_endpoint" ADD COLUMN "secret_rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_endpoint" ADD COLUMN "rotation_finished_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "game_event_attempts_at_idx" ON "game_event_attempts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "game_events_pending_idx" ON "game_events" USING btree ("created_at","id") WHERE "game_events"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "game_events_failed_idx" ON "game_events" USING btree ("created_at","id") WHERE "game_events"."status" = 'failed';