DROP INDEX "verifactu_records_one_per_invoice_and_kind";--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD COLUMN "corrects_record_id" uuid;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD CONSTRAINT "verifactu_records_corrects_record_id_verifactu_records_id_fk" FOREIGN KEY ("corrects_record_id") REFERENCES "public"."verifactu_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_one_correction" ON "verifactu_records" USING btree ("corrects_record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_one_per_invoice_and_kind" ON "verifactu_records" USING btree ("invoice_id","kind") WHERE "verifactu_records"."corrects_record_id" IS NULL;