ALTER TABLE "categories" ADD COLUMN "image_id" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;