ALTER TYPE "public"."payment_status" ADD VALUE 'refunded';--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"session_id" text PRIMARY KEY NOT NULL,
	"order_id" uuid,
	"amount_cents" integer,
	"reason" text NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "product_name_es" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "product_name_en" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "test_payment_sessions" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '24 hours' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payment_sessions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("payment_expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
-- Orders already waiting for payment get the 24 hours their sessions were given.
UPDATE "orders" SET "payment_expires_at" = "created_at" + interval '24 hours', "payment_attempts" = 1 WHERE "status" = 'pending';--> statement-breakpoint
-- Older lines: the name in the order's language as it was, the other language from the product when it still exists.
UPDATE "order_items" AS "oi"
SET
  "product_name_es" = CASE WHEN "o"."language" = 'es' THEN "oi"."product_name" ELSE "p"."name_es" END,
  "product_name_en" = CASE WHEN "o"."language" = 'en' THEN "oi"."product_name" ELSE "p"."name_en" END
FROM "orders" AS "o", "products" AS "p"
WHERE "o"."id" = "oi"."order_id" AND "p"."id" = "oi"."product_id";
