ALTER TYPE "public"."order_event_type" ADD VALUE 'withdrawn';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'partially_shipped' BEFORE 'shipped';--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_orderId_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "carrier_code" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "request_key" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_one_per_request" ON "shipments" USING btree ("order_id","request_key") WHERE "shipments"."request_key" is not null;--> statement-breakpoint
-- Shipments so far carried their whole order: each gets all of its order's panels.
UPDATE "shipments" SET "lines" = coalesce((
  SELECT jsonb_agg(jsonb_build_object('itemId', "order_items"."id", 'quantity', "order_items"."quantity") ORDER BY "order_items"."id")
  FROM "order_items" WHERE "order_items"."order_id" = "shipments"."order_id"
), '[]'::jsonb);--> statement-breakpoint
-- A carrier typed by a name on the list now gives its tracking link too.
UPDATE "shipments" SET "carrier_code" = CASE lower(regexp_replace("carrier", '[^A-Za-z]', '', 'g'))
  WHEN 'seur' THEN 'seur' WHEN 'mrw' THEN 'mrw' WHEN 'correosexpress' THEN 'correos_express' WHEN 'gls' THEN 'gls'
  WHEN 'nacex' THEN 'nacex' WHEN 'dhl' THEN 'dhl' WHEN 'tipsa' THEN 'tipsa' END
WHERE "carrier" IS NOT NULL;
