ALTER TABLE "trip_members" ADD COLUMN "calendar_token_hash" text;--> statement-breakpoint
ALTER TABLE "trip_members" ADD CONSTRAINT "trip_members_calendar_token_unique" UNIQUE("calendar_token_hash");--> statement-breakpoint
-- The old shared feed links (any member could rotate them) stop working: each member makes their own.
UPDATE "trips" SET "calendar_token" = NULL;
