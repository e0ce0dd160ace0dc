-- Search (docs/decisions/035): both extensions are trusted (a database owner may create them) and
-- built into PGlite (server/db/pglite.ts loads them). unaccent() is only stable, as its dictionary
-- could change; this wrapper names the dictionary and is declared immutable, so that the search
-- columns below can be generated from it and indexed. Its body is bound when it is created.
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;--> statement-breakpoint
CREATE FUNCTION shop_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN public.unaccent('public.unaccent'::regdictionary, $1);--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "search_es" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('spanish', shop_unaccent(name_es)), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', shop_unaccent(name_en)), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(shop_unaccent(name_es || ' ' || name_en))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_es" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('spanish', shop_unaccent(name_es)), 'A') || setweight(to_tsvector('spanish', shop_unaccent(description_es)), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', shop_unaccent(name_en)), 'A') || setweight(to_tsvector('english', shop_unaccent(description_en)), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(shop_unaccent(name_es || ' ' || name_en))) STORED;--> statement-breakpoint
CREATE INDEX "categories_search_text_idx" ON "categories" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_es_idx" ON "products" USING gin ("search_es");--> statement-breakpoint
CREATE INDEX "products_search_en_idx" ON "products" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "products_search_text_idx" ON "products" USING gin ("search_text" gin_trgm_ops);