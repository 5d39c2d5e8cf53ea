ALTER TABLE "tables" ADD COLUMN "code" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;
--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "code_set_at" bigint;
--> statement-breakpoint
ALTER TABLE "table_order_batches" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "table_orders" ADD COLUMN "approved_at" bigint;
--> statement-breakpoint
ALTER TABLE "table_orders" ADD COLUMN "approved_by" text;
--> statement-breakpoint
CREATE TABLE "table_session_diners" (
	"table_order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seated_at" bigint NOT NULL,
	CONSTRAINT "table_session_diners_pk" PRIMARY KEY("table_order_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "table_session_diners" ADD CONSTRAINT "table_session_diners_table_order_id_table_orders_id_fk" FOREIGN KEY ("table_order_id") REFERENCES "public"."table_orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "table_session_diners" ADD CONSTRAINT "table_session_diners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "table_session_diners" ("table_order_id", "user_id", "seated_at")
SELECT "id", "opened_by", "created_at" FROM "table_orders" ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TABLE "table_session_settings" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"open_by" text DEFAULT 'diner' NOT NULL,
	"hold_first_round" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "table_session_settings" ADD CONSTRAINT "table_session_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;
