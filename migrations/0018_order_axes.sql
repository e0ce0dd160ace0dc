-- The order's two axes (docs/decisions/022): "refunded" leaves the fulfilment axis (a refunded order
-- keeps where its goods got to, its payment says refunded); shipments and refunds become child rows.
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payment_session_id" text NOT NULL,
	"amount_cents" integer,
	"reason" text,
	"provider_refund_id" text,
	"corrective_invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" is null or "refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_order_payment_amount" CHECK ("refunds"."kind" <> 'order_payment' or "refunds"."amount_cents" is not null)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"carrier" text,
	"tracking" text,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_corrective_invoice_id_invoices_id_fk" FOREIGN KEY ("corrective_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_unused_payment" ON "refunds" USING btree ("payment_session_id") WHERE "refunds"."kind" = 'unused_payment';--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id","shipped_at");--> statement-breakpoint
-- Each shipped order's one shipment, as the order carried it.
INSERT INTO "shipments" ("order_id", "carrier", "tracking", "shipped_at")
	SELECT "id", "carrier", "tracking", "shipped_at" FROM "orders" WHERE "shipped_at" IS NOT NULL;--> statement-breakpoint
-- Each refunded order's refund: its whole payment, the provider's id and its corrective invoice (an
-- admin's refund always had the order's payment session).
INSERT INTO "refunds" ("order_id", "kind", "payment_session_id", "amount_cents", "provider_refund_id", "corrective_invoice_id", "created_at", "refunded_at")
	SELECT o."id", 'order_payment', o."payment_session_id", o."total_cents", o."provider_refund_id",
		(SELECT i."id" FROM "invoices" i WHERE i."order_id" = o."id" AND i."kind" = 'corrective'),
		o."refunded_at", o."refunded_at"
	FROM "orders" o WHERE o."refunded_at" IS NOT NULL AND o."payment_session_id" IS NOT NULL AND o."total_cents" > 0;--> statement-breakpoint
-- Payments given back because they never became their order's (orders are never deleted, so each has its order).
INSERT INTO "refunds" ("order_id", "kind", "payment_session_id", "amount_cents", "reason", "provider_refund_id", "created_at", "refunded_at")
	SELECT "order_id", 'unused_payment', "session_id", CASE WHEN "amount_cents" > 0 THEN "amount_cents" END, "reason", "provider_refund_id",
		"created_at", CASE WHEN "provider_refund_id" IS NOT NULL THEN "created_at" END
	FROM "payment_refunds" WHERE "order_id" IS NOT NULL;--> statement-breakpoint
DROP TABLE "payment_refunds" CASCADE;--> statement-breakpoint
-- The partial index names the old type in its predicate: it goes while the type is replaced.
DROP INDEX "orders_pending_expiry_idx";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
-- A refunded order's goods stay where they got to: delivered, shipped, or confirmed (never sent).
-- Compared as text: a fresh database migrates in one transaction, and enum values added earlier in
-- it (0009) may not be used as such before it commits.
UPDATE "orders" SET "status" = CASE
		WHEN "delivered_at" IS NOT NULL THEN 'delivered'
		WHEN "shipped_at" IS NOT NULL THEN 'shipped'
		ELSE 'confirmed'
	END
	WHERE "status" = 'refunded';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'pending'::text;--> statement-breakpoint
DROP TYPE "public"."order_status";--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pending', 'confirmed', 'shipped', 'delivered', 'cancelled');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'pending'::"public"."order_status";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE "public"."order_status" USING "status"::"public"."order_status";--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("payment_expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "carrier";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "tracking";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "shipped_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refunded_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "provider_refund_id";
