CREATE TABLE "share_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "trip_share_views" CASCADE;--> statement-breakpoint
ALTER TABLE "trip_shares" DROP CONSTRAINT "trip_shares_share_token_unique";--> statement-breakpoint
-- No route ever created a share before this migration; tokens were kept in clear, so none is kept.
DELETE FROM "trip_shares";--> statement-breakpoint
ALTER TABLE "trip_shares" ADD COLUMN "token_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "share_events" ADD CONSTRAINT "share_events_share_id_trip_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."trip_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_events_share_day_idx" ON "share_events" USING btree ("share_id","day");--> statement-breakpoint
ALTER TABLE "trip_shares" DROP COLUMN "share_token";--> statement-breakpoint
ALTER TABLE "trip_shares" ADD CONSTRAINT "trip_shares_token_hash_unique" UNIQUE("token_hash");