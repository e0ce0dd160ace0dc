CREATE TYPE "public"."delivery_method" AS ENUM('home', 'pickup');--> statement-breakpoint
CREATE TYPE "public"."delivery_zone" AS ENUM('peninsula', 'balearics');--> statement-breakpoint
CREATE TABLE "delivery_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "delivery_settings_one_row" CHECK ("delivery_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method" "delivery_method" DEFAULT 'home' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone" "delivery_zone";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_min_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_max_days" integer;--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD CONSTRAINT "delivery_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_free" CHECK ("orders"."delivery_method" = 'home' or ("orders"."shipping_cost_cents" = 0 and "orders"."delivery_zone" is null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_window" CHECK (("orders"."delivery_min_days" is null) = ("orders"."delivery_max_days" is null) and "orders"."delivery_min_days" <= "orders"."delivery_max_days");--> statement-breakpoint
-- The delivery rates are shown on cached pages (a product's "Entrega desde", its structured data):
-- a change to them tells every instance, as a change to the catalog does (migration 0006).
CREATE TRIGGER "delivery_settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delivery_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
