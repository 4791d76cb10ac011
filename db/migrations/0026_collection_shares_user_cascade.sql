-- A deleted user's shares go with them (decision 067, amended): kept with a null user_id they looked like shares
-- waiting for their address, and the trigger of 0025 gave them to whoever held that typed address next — also
-- someone who took it after the deleted user had changed theirs. Only a share never reached waits.
DELETE FROM "collection_shares" s WHERE s."user_id" IS NULL AND EXISTS (SELECT 1 FROM "users" u WHERE lower(u."email") = s."email");
--> statement-breakpoint
ALTER TABLE "collection_shares" DROP CONSTRAINT "collection_shares_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "collection_shares" ADD CONSTRAINT "collection_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
