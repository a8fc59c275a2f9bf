ALTER TABLE "bookings" ALTER COLUMN "price_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "price_per_night_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "bookings_changed_at" timestamp with time zone;