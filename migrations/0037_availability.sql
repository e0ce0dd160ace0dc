-- A panel's availability (core/availability.ts, docs/product.md#availability): made to order in
-- this many working days, or in stock (null: every product so far).
ALTER TABLE "products" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_lead_time_days_range" CHECK ("products"."lead_time_days" between 1 and 60);