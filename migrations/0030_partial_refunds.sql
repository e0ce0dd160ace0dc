ALTER TYPE "public"."payment_status" ADD VALUE 'partially_refunded' BEFORE 'refunded';--> statement-breakpoint
CREATE TABLE "test_payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_refunds_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "test_payment_refunds_amount_positive" CHECK ("test_payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
DROP INDEX "invoices_one_per_order_and_type";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "delivery_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "request_key" uuid;--> statement-breakpoint
ALTER TABLE "test_payment_refunds" ADD CONSTRAINT "test_payment_refunds_session_id_test_payment_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."test_payment_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_request" ON "refunds" USING btree ("order_id","request_key") WHERE "refunds"."request_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order_and_type" ON "invoices" USING btree ("order_id","aeat_type") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
-- The test provider's refunds so far were of whole payments: each becomes its one refund.
INSERT INTO "test_payment_refunds" ("id", "session_id", "idempotency_key", "amount_cents", "created_at")
SELECT 'test_re_' || "id", "id", 'refund:' || "id", "amount_cents", "refunded_at" FROM "test_payment_sessions"
WHERE "refunded_at" IS NOT NULL AND "amount_cents" > 0;--> statement-breakpoint
ALTER TABLE "test_payment_sessions" DROP COLUMN "refunded_at";