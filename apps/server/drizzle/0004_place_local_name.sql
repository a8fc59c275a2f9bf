ALTER TABLE "places" ADD COLUMN "local_name" text;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "country_code" text;