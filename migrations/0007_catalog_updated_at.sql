ALTER TABLE "categories" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The catalog is also changed by hand in a database client (0006), so the database, not the shop's
-- code, moves `updated_at` (the sitemap's lastmod): on any real change to a row, unless the
-- statement sets `updated_at` itself.
CREATE OR REPLACE FUNCTION "touch_updated_at"() RETURNS trigger AS $$
BEGIN
  IF NEW."updated_at" IS NOT DISTINCT FROM OLD."updated_at" AND NEW IS DISTINCT FROM OLD THEN
    NEW."updated_at" := now();
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "products_touch_updated_at" BEFORE UPDATE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "touch_updated_at"();--> statement-breakpoint
CREATE TRIGGER "categories_touch_updated_at" BEFORE UPDATE ON "categories"
  FOR EACH ROW EXECUTE FUNCTION "touch_updated_at"();
