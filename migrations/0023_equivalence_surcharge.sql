ALTER TABLE "profiles" ADD COLUMN "equivalence_surcharge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "surcharge_rate_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "surcharge_rate_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_surcharge_has_rate" CHECK ("orders"."surcharge_rate_basis_points" >= 0 and ("orders"."tax_cents" = 0 or "orders"."surcharge_rate_basis_points" > 0));