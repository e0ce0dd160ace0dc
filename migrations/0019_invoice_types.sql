-- The AEAT's invoice types (docs/decisions/026): F1 full, F2 simplified, F3 full replacing a
-- simplified one, R1/R5 corrective; the recargo de equivalencia's column; who a full invoice is for.
CREATE TYPE "public"."invoice_type" AS ENUM('F1', 'F2', 'F3', 'R1', 'R5');--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_total_consistent";--> statement-breakpoint
DROP INDEX "invoices_one_per_order_and_kind";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "aeat_type" "invoice_type";--> statement-breakpoint
-- Invoices issued before: those naming a tax id (wholesale customers) were full invoices; the others
-- held what a simplified one holds. A corrective invoice follows the invoice it corrects.
UPDATE "invoices" SET "aeat_type" = CASE WHEN "buyer"->>'taxId' IS NOT NULL THEN 'F1'::"invoice_type" ELSE 'F2'::"invoice_type" END
	WHERE "kind" = 'invoice';--> statement-breakpoint
UPDATE "invoices" r SET "aeat_type" = CASE WHEN c."aeat_type" = 'F2' THEN 'R5'::"invoice_type" ELSE 'R1'::"invoice_type" END
	FROM "invoices" c WHERE r."kind" = 'corrective' AND c."id" = r."corrects_id";--> statement-breakpoint
UPDATE "invoices" SET "aeat_type" = 'R1' WHERE "aeat_type" IS NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "aeat_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "replaces_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "surcharge_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order_and_type" ON "invoices" USING btree ("order_id","aeat_type");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_total_consistent" CHECK ("invoices"."total_cents" = "invoices"."taxable_base_cents" + "invoices"."tax_cents" + "invoices"."surcharge_cents");
