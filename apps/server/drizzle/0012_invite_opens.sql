CREATE TABLE "invite_opens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invite_opens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" integer NOT NULL,
	"visitor_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "bound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invite_opens" ADD CONSTRAINT "invite_opens_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invite_opens_agent_time_idx" ON "invite_opens" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "players_bound_agent_idx" ON "players" USING btree ("bound_agent_id","bound_at");