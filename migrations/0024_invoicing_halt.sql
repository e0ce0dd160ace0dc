ALTER TABLE "verifactu_chain" ADD COLUMN "halted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifactu_chain" ADD COLUMN "halt_reason" text;--> statement-breakpoint
ALTER TABLE "verifactu_chain" ADD COLUMN "halt_detail" text;