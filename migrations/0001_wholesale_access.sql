ALTER TYPE "public"."contact_status" ADD VALUE 'revoked';--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "language" "language" DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;