ALTER TABLE "orders" ADD COLUMN "provider_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "source" text DEFAULT 'notification' NOT NULL;