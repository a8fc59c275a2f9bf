ALTER TABLE "user_settings" ALTER COLUMN "language" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "user_settings" ALTER COLUMN "language" DROP NOT NULL;