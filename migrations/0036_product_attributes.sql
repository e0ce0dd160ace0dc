-- A panel's attributes (core/product-attributes.ts, docs/product.md#filters): what shoppers filter
-- the shop by, null where the owner has not said. They join the search columns (docs/decisions/035)
-- as words in both languages; PostgreSQL 15 cannot change a generated column's expression, so those
-- columns (and their indexes) are made again.
ALTER TABLE "products" ADD COLUMN "look" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "finish" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "texture" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_look_known" CHECK (look in ('marble', 'wood', 'stone'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_colour_known" CHECK (colour in ('white', 'beige', 'grey', 'black', 'brown', 'gold', 'green', 'blue'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_finish_known" CHECK (finish in ('gloss', 'matte'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_texture_known" CHECK (texture in ('embossed', 'plain'));--> statement-breakpoint
-- The seeded catalog's panels as server/db/seed-data.ts describes them; any other product takes its
-- look from the shop's three families, and waits for the owner for the rest.
UPDATE "products" SET "look" = v.look, "colour" = v.colour, "finish" = v.finish, "texture" = v.texture
FROM (VALUES
  ('marmol-calacatta-oro', 'marble', 'white', 'gloss', 'plain'),
  ('marmol-carrara-blanco', 'marble', 'white', 'gloss', 'plain'),
  ('marmol-nero-marquina', 'marble', 'black', 'gloss', 'plain'),
  ('marmol-travertino-beige', 'marble', 'beige', 'matte', 'plain'),
  ('marmol-emperador-marron', 'marble', 'brown', 'gloss', 'plain'),
  ('madera-roble-natural', 'wood', 'brown', 'matte', 'embossed'),
  ('madera-nogal-oscuro', 'wood', 'brown', 'matte', 'plain'),
  ('madera-fresno-gris', 'wood', 'grey', 'matte', 'plain'),
  ('madera-teca-dorada', 'wood', 'gold', 'matte', 'plain'),
  ('piedra-pizarra-negra', 'stone', 'black', 'matte', 'embossed'),
  ('piedra-granito-gris', 'stone', 'grey', 'gloss', 'plain'),
  ('piedra-arenisca-crema', 'stone', 'beige', 'matte', 'plain'),
  ('piedra-cemento-industrial', 'stone', 'grey', 'matte', 'plain')
) AS v(slug, look, colour, finish, texture)
WHERE "products"."slug" = v.slug;--> statement-breakpoint
UPDATE "products" SET "look" = CASE c.slug WHEN 'marmol' THEN 'marble' WHEN 'madera' THEN 'wood' WHEN 'piedra' THEN 'stone' END
FROM "categories" c
WHERE c.id = "products"."category_id" AND "products"."look" IS NULL;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_es";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_es" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('spanish', shop_unaccent(name_es)), 'A') || setweight(to_tsvector('spanish', shop_unaccent((coalesce(case look when 'marble' then 'mármol' when 'wood' then 'madera' when 'stone' then 'piedra' end, '') || ' ' || coalesce(case colour when 'white' then 'blanco' when 'beige' then 'beige crema' when 'grey' then 'gris' when 'black' then 'negro' when 'brown' then 'marrón' when 'gold' then 'dorado oro' when 'green' then 'verde' when 'blue' then 'azul' end, '') || ' ' || coalesce(case finish when 'gloss' then 'brillo brillante' when 'matte' then 'mate' end, '') || ' ' || coalesce(case texture when 'embossed' then 'relieve texturizado' when 'plain' then 'liso' end, '')))), 'B') || setweight(to_tsvector('spanish', shop_unaccent(description_es)), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_en";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', shop_unaccent(name_en)), 'A') || setweight(to_tsvector('english', shop_unaccent((coalesce(case look when 'marble' then 'marble' when 'wood' then 'wood wooden' when 'stone' then 'stone' end, '') || ' ' || coalesce(case colour when 'white' then 'white' when 'beige' then 'beige cream' when 'grey' then 'grey gray' when 'black' then 'black' when 'brown' then 'brown' when 'gold' then 'gold golden' when 'green' then 'green' when 'blue' then 'blue' end, '') || ' ' || coalesce(case finish when 'gloss' then 'gloss glossy' when 'matte' then 'matte matt' end, '') || ' ' || coalesce(case texture when 'embossed' then 'embossed textured' when 'plain' then 'plain smooth' end, '')))), 'B') || setweight(to_tsvector('english', shop_unaccent(description_en)), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "products_search_es_idx" ON "products" USING gin ("search_es");--> statement-breakpoint
CREATE INDEX "products_search_en_idx" ON "products" USING gin ("search_en");
