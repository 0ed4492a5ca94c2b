ALTER TABLE "sandbox_payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tab_payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;