CREATE TYPE "public"."verifactu_answer_state" AS ENUM('accepted', 'accepted_with_errors', 'rejected', 'conflict');--> statement-breakpoint
CREATE TYPE "public"."verifactu_submission_outcome" AS ENUM('sending', 'answered', 'fault', 'failed');--> statement-breakpoint
CREATE TABLE "verifactu_answers" (
	"submission_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"state" "verifactu_answer_state",
	"code" text,
	"description" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "verifactu_answers_submission_id_record_id_pk" PRIMARY KEY("submission_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "verifactu_sending" (
	"service" "verifactu_service" PRIMARY KEY NOT NULL,
	"next_send_at" timestamp with time zone,
	"wait_seconds" integer DEFAULT 60 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifactu_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service" "verifactu_service" NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"record_count" integer NOT NULL,
	"outcome" "verifactu_submission_outcome" DEFAULT 'sending' NOT NULL,
	"send_state" text,
	"csv" text,
	"wait_seconds" integer,
	"error" text,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "verifactu_answers" ADD CONSTRAINT "verifactu_answers_submission_id_verifactu_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."verifactu_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifactu_answers" ADD CONSTRAINT "verifactu_answers_record_id_verifactu_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."verifactu_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verifactu_answers_record" ON "verifactu_answers" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_answers_one_final" ON "verifactu_answers" USING btree ("record_id") WHERE "verifactu_answers"."state" IS NOT NULL;--> statement-breakpoint
-- The flow control's row per AEAT service (the sender only ever updates it).
INSERT INTO "verifactu_sending" ("service") VALUES ('test'), ('production') ON CONFLICT DO NOTHING;
