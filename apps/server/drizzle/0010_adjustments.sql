CREATE TABLE "adjustments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"approvals_needed" smallint NOT NULL,
	"created_by" integer NOT NULL,
	"decided_by" integer,
	"reject_reason" text,
	"value_before" bigint,
	"value_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "adjustments_amount_not_zero" CHECK ("adjustments"."amount" <> 0),
	CONSTRAINT "adjustments_player_diamonds_only" CHECK ("adjustments"."owner_type" = 'agent' or "adjustments"."currency" = 'diamonds')
);
--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustments_status_time_idx" ON "adjustments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "adjustments_owner_idx" ON "adjustments" USING btree ("owner_type","owner_id","created_at");