DROP INDEX "players_created_idx";--> statement-breakpoint
CREATE INDEX "adjustments_time_idx" ON "adjustments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "players_created_idx" ON "players" USING btree ("created_at","id");