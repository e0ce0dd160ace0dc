CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"reply_to" jsonb,
	"attachments" jsonb,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"lock_token" uuid,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_outbox_dedupeKey_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "email_outbox_status_idx" ON "email_outbox" USING btree ("status");--> statement-breakpoint
-- Orders paid shortly before this table existed had their confirmation emailed already: a marker row each, so
-- the check for confirmations lost in a crash (queueMissingOrderConfirmations, last 7 days) sends none twice.
INSERT INTO "email_outbox" ("kind", "recipient", "subject", "html", "text", "dedupe_key", "status", "created_at", "sent_at")
SELECT 'order-confirmation', o."customer_email", '(sent before the email outbox existed)', '', '', 'order-confirmation:' || o."id", 'sent', e."created_at", e."created_at"
FROM "orders" o JOIN "order_events" e ON e."order_id" = o."id" AND e."type" = 'paid'
WHERE e."created_at" > now() - interval '8 days'
ON CONFLICT DO NOTHING;
