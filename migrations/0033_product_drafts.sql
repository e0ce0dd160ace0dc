ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_known" CHECK ("products"."status" in ('draft', 'published'));--> statement-breakpoint
-- Every product so far was in the shop the moment it was saved: they stay there.
UPDATE "products" SET "status" = 'published';
