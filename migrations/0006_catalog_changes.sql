-- Every change to the catalog (a price, a name, a product or category added, archived or removed),
-- made by the shop or by hand in a database client, tells every listening instance: their page and
-- catalog caches start afresh (ARCHITECTURE.md: HTML cache; issue 11).
CREATE OR REPLACE FUNCTION "notify_catalog_changed"() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "products_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "categories_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
