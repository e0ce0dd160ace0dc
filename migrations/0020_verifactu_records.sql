-- VERI*FACTU billing records (docs/decisions/027): a chain per AEAT service, each headed by a row;
-- an order's timeline says when an invoice was voided.
CREATE TYPE "public"."verifactu_record_kind" AS ENUM('alta', 'anulacion');--> statement-breakpoint
CREATE TYPE "public"."verifactu_service" AS ENUM('test', 'production');--> statement-breakpoint
ALTER TYPE "public"."order_event_type" ADD VALUE 'invoice_voided';--> statement-breakpoint
CREATE TABLE "verifactu_chain" (
	"service" "verifactu_service" PRIMARY KEY NOT NULL,
	"last_position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifactu_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"kind" "verifactu_record_kind" NOT NULL,
	"service" "verifactu_service" NOT NULL,
	"invoice_id" uuid NOT NULL,
	"issuer_tax_id" text NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" text NOT NULL,
	"hash" text NOT NULL,
	"previous_hash" text,
	"record" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verifactu_records_hash_format" CHECK ("verifactu_records"."hash" ~ '^[0-9A-F]{64}$'),
	CONSTRAINT "verifactu_records_first_unchained" CHECK (("verifactu_records"."position" = 1) = ("verifactu_records"."previous_hash" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD CONSTRAINT "verifactu_records_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_position" ON "verifactu_records" USING btree ("service","position");--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_hash" ON "verifactu_records" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_one_per_invoice_and_kind" ON "verifactu_records" USING btree ("invoice_id","kind");--> statement-breakpoint
INSERT INTO "verifactu_chain" ("service", "last_position") VALUES ('test', 0), ('production', 0);--> statement-breakpoint
-- A billing record is never edited nor removed (RD 1007/2023: integrity and
-- inalterability): a mistake is corrected by a new record.
CREATE FUNCTION "verifactu_records_unchangeable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'VERI*FACTU billing records cannot be changed or removed (% refused)', TG_OP
		USING ERRCODE = 'integrity_constraint_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "verifactu_records_unchangeable" BEFORE UPDATE OR DELETE ON "verifactu_records"
	FOR EACH ROW EXECUTE FUNCTION "verifactu_records_unchangeable"();--> statement-breakpoint
CREATE TRIGGER "verifactu_records_not_truncated" BEFORE TRUNCATE ON "verifactu_records"
	FOR EACH STATEMENT EXECUTE FUNCTION "verifactu_records_unchangeable"();
