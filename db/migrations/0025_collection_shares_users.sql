-- Shares follow the person, not the address (decision 067): a share names the user it reached (user_id), so a
-- user who changes their address keeps it. The typed address stays (the owner's list shows it; revoking names
-- it). A share to an address without an account waits (user_id null) and is claimed by the account that gets
-- that address — created by an administrator or single sign-on, or changed to it — through the trigger below,
-- on every path that writes users. A deleted user's shares wait again for their address.
ALTER TABLE "collection_shares" ADD COLUMN "user_id" uuid;
--> statement-breakpoint
ALTER TABLE "collection_shares" ADD CONSTRAINT "collection_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
UPDATE "collection_shares" s SET "user_id" = u."id" FROM "users" u WHERE lower(u."email") = s."email";
--> statement-breakpoint
CREATE INDEX "collection_shares_user_idx" ON "collection_shares" USING btree ("user_id","collection_id");
--> statement-breakpoint
CREATE FUNCTION teca_claim_collection_shares() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE collection_shares SET user_id = NEW.id WHERE user_id IS NULL AND email = lower(NEW.email);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_claim_collection_shares" AFTER INSERT OR UPDATE OF "email" ON "users"
	FOR EACH ROW EXECUTE FUNCTION teca_claim_collection_shares();
