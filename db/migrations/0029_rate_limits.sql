-- The sign-in and reset limits are counted by rate-limiter-flexible (decision 081): one row per limiter and
-- key with its points and the end of its window. The failures of the old sliding window are not carried
-- over (at most an hour of them).
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");
--> statement-breakpoint
DROP TABLE "auth_failures";
