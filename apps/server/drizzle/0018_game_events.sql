CREATE TABLE "game_endpoint" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"paused_at" timestamp with time zone,
	"paused_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_endpoint_one_row" CHECK ("game_endpoint"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "game_event_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_event_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"http_status" integer,
	"latency_ms" integer NOT NULL,
	"response" text DEFAULT '' NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "game_events" (
	"id" text PRIMARY KEY NOT NULL,
	"txid" "xid8" NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "game_events_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"player_id" integer NOT NULL,
	"diamonds" integer NOT NULL,
	"sequence" integer NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"agent_id" integer,
	"entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"claimed_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "game_event_attempts" ADD CONSTRAINT "game_event_attempts_event_id_game_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."game_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_event_attempts_event_idx" ON "game_event_attempts" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "game_events_feed_idx" ON "game_events" USING btree ("txid","position");--> statement-breakpoint
CREATE UNIQUE INDEX "game_events_player_seq_uq" ON "game_events" USING btree ("player_id","sequence");--> statement-breakpoint
CREATE INDEX "game_events_source_idx" ON "game_events" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "game_events_due_idx" ON "game_events" USING btree ("next_attempt_at") WHERE "game_events"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "game_events_created_idx" ON "game_events" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "game_endpoint" ("id") VALUES (1) ON CONFLICT DO NOTHING;
