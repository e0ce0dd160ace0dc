CREATE TABLE "cart_postal_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"session_id" text,
	"postal_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_postal_codes_format" CHECK ("cart_postal_codes"."postal_code" ~ '^[0-9]{5}$'),
	CONSTRAINT "cart_postal_codes_single_owner" CHECK (("cart_postal_codes"."user_id" is null) <> ("cart_postal_codes"."session_id" is null))
);
--> statement-breakpoint
ALTER TABLE "cart_postal_codes" ADD CONSTRAINT "cart_postal_codes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_postal_codes_user_uniq" ON "cart_postal_codes" USING btree ("user_id") WHERE "cart_postal_codes"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_postal_codes_session_uniq" ON "cart_postal_codes" USING btree ("session_id") WHERE "cart_postal_codes"."session_id" is not null;