-- Shares waiting for an address are claimed only by an account whose address is known to be its holder's
-- (issue 29 §5): an SSO provider that lets users type any address and omits `email_verified` must not hand
-- them a collection shared with someone else's address. Accounts made here are verified (default true); an
-- SSO sign-in stores the provider's `email_verified === true`. The trigger of 0025 claims on a verified row
-- only, and also when a row becomes verified.
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION teca_claim_collection_shares() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.email_verified THEN
		UPDATE collection_shares SET user_id = NEW.id WHERE user_id IS NULL AND email = lower(NEW.email);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_claim_collection_shares" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_claim_collection_shares" AFTER INSERT OR UPDATE OF "email", "email_verified" ON "users"
	FOR EACH ROW EXECUTE FUNCTION teca_claim_collection_shares();
