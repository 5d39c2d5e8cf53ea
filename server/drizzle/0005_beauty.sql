CREATE TABLE "appointment_slots" (
	"service_user_id" integer NOT NULL,
	"slot_start" bigint NOT NULL,
	"order_id" integer NOT NULL,
	CONSTRAINT "appointment_slots_user_slot_key" UNIQUE("service_user_id","slot_start")
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"service_user_id" integer,
	"start_time" bigint NOT NULL,
	"end_time" bigint NOT NULL,
	"duration" integer NOT NULL,
	"beauty_user_name" text DEFAULT '' NOT NULL,
	"beauty_user_phone" text DEFAULT '' NOT NULL,
	"deposit" numeric(14, 4),
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "beauty_sets" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_tags" (
	"id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_users" (
	"id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"tag_id" integer,
	"job_no" text NOT NULL,
	"user_name" text NOT NULL,
	"user_name_en" text,
	"desc" text DEFAULT '' NOT NULL,
	"desc_en" text,
	"user_phone" text DEFAULT '' NOT NULL,
	"head_image" text DEFAULT '' NOT NULL,
	"can_reverse" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_service_user_id_service_users_id_fk" FOREIGN KEY ("service_user_id") REFERENCES "public"."service_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_user_id_service_users_id_fk" FOREIGN KEY ("service_user_id") REFERENCES "public"."service_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beauty_sets" ADD CONSTRAINT "beauty_sets_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_tags" ADD CONSTRAINT "service_tags_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_users" ADD CONSTRAINT "service_users_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_users" ADD CONSTRAINT "service_users_tag_id_service_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."service_tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_slots_order_idx" ON "appointment_slots" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "appointments_user_idx" ON "appointments" USING btree ("user_id","shop_id");--> statement-breakpoint
CREATE INDEX "appointments_shop_day_idx" ON "appointments" USING btree ("shop_id","start_time");--> statement-breakpoint
CREATE INDEX "service_tags_shop_idx" ON "service_tags" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "service_users_shop_idx" ON "service_users" USING btree ("shop_id");--> statement-breakpoint
-- An appointment whose order ends without being served gives its slots back (ORDER-5): cancelled,
-- expired, refused or refunded. The database does it, whichever code path moves the order.
CREATE FUNCTION "free_appointment_slots"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "appointment_slots" WHERE "order_id" = NEW."id";
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_free_appointment_slots" AFTER UPDATE OF "status" ON "orders"
	FOR EACH ROW
	WHEN (NEW."status" IN ('nopay_cancel', 'closed', 'refused', 'refunding', 'refund') AND OLD."status" IS DISTINCT FROM NEW."status")
	EXECUTE FUNCTION "free_appointment_slots"();
