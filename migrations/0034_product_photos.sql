CREATE TABLE "media_files" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_id" text,
	"image_key" text,
	"alt_es" text DEFAULT '' NOT NULL,
	"alt_en" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_photos_one_source" CHECK (("product_photos"."file_id" is null) <> ("product_photos"."image_key" is null))
);
--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_file_id_media_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."media_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_photos_product_idx" ON "product_photos" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_photos_file_idx" ON "product_photos" USING btree ("file_id");--> statement-breakpoint
-- A photo change tells every instance's caches, as a product's does (0006), even one made by hand.
CREATE TRIGGER "product_photos_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();--> statement-breakpoint
-- Each product's picture becomes its first photo, its names the text alternatives: the upload where
-- there is one (it was shown instead of the built-in picture), else the built-in picture.
INSERT INTO "media_files" ("id", "kind")
  SELECT DISTINCT "image_id", 'products' FROM "products" WHERE "image_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "product_photos" ("product_id", "position", "file_id", "image_key", "alt_es", "alt_en")
  SELECT "id", 0, "image_id", CASE WHEN "image_id" IS NULL THEN "image_key" END, "name_es", "name_en"
  FROM "products" WHERE "image_id" IS NOT NULL OR "image_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "image_key";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "image_id";