CREATE TABLE "chat_reads" (
	"trip_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"num" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reads_trip_id_user_id_pk" PRIMARY KEY("trip_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"user_id" uuid,
	"purpose" text NOT NULL,
	"key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"original_name" text NOT NULL,
	"original_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_reads" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "message_reads" CASCADE;--> statement-breakpoint
DROP INDEX "chat_messages_trip_id_idx";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "num" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_num_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "attachment" jsonb;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_trip_id_idx" ON "uploads" USING btree ("trip_id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_image_id_uploads_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_trip_num_idx" ON "chat_messages" USING btree ("trip_id","num");--> statement-breakpoint
ALTER TABLE "chat_messages" DROP COLUMN "image_url";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP COLUMN "image_metadata";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_client_id_unique" UNIQUE("trip_id","user_id","client_id");