-- OAI-PMH (decision 050): the datestamp of a public record is records.updated_at (set by every import
-- that writes the record); a record that leaves the public catalogue (deleted, or made access 2 or 3)
-- leaves a tombstone, reported to harvesters as deleted ("deletedRecord: persistent"). The triggers
-- cover every path that changes records (the importer, the demo's reload, later editors).
CREATE TABLE "record_tombstones" (
	"table_name" text NOT NULL,
	"id" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_tombstones_pk" PRIMARY KEY("table_name","id")
);
--> statement-breakpoint
CREATE INDEX "record_tombstones_deleted_idx" ON "record_tombstones" USING btree ("deleted_at","table_name","id");
--> statement-breakpoint
CREATE INDEX "records_public_updated_idx" ON "records" USING btree ("updated_at","table_name","id") WHERE "access" = 1;
--> statement-breakpoint
CREATE FUNCTION teca_record_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO record_tombstones (table_name, id, deleted_at) VALUES (OLD.table_name, OLD.id, now())
	ON CONFLICT (table_name, id) DO UPDATE SET deleted_at = excluded.deleted_at;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "records_tombstone_deleted" AFTER DELETE ON "records"
	FOR EACH ROW WHEN (OLD.access = 1) EXECUTE FUNCTION teca_record_tombstone();
--> statement-breakpoint
CREATE TRIGGER "records_tombstone_restricted" AFTER UPDATE OF "access" ON "records"
	FOR EACH ROW WHEN (OLD.access = 1 AND NEW.access <> 1) EXECUTE FUNCTION teca_record_tombstone();
