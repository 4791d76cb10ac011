import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { media } from "./catalogue";

/**
 * The drop box's staging area (issue 16 §5, decision 073): one row per file uploaded through
 * `/api/auth/backend/buca`, kept under `DATA_DIR/staging/<stored_name>` (a random name, never the uploader's).
 * `kind` and `mime` come from the file's content, not from its name or the browser's word.
 */
export const stagingFiles = pgTable(
  "staging_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storedName: text("stored_name").notNull().unique(),
    originalName: text("original_name").notNull(),
    /** image | document */
    kind: text("kind").notNull(),
    mime: text("mime").notNull(),
    ext: text("ext").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    /** What the files are for (bucaSelect): a table ("ca_objects") or a record ("ca_objects/12"), or ''. */
    target: text("target").notNull().default(""),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The pending media this file was attached as (migration 0032, decision 092): the file stays here until
     * the attach is confirmed, so that undoing it returns the file as it was. Null: waiting to be attached.
     */
    mediaId: bigint("media_id", { mode: "number" }).references(() => media.id, { onDelete: "set null" }),
    attachedAt: timestamp("attached_at", { withTimezone: true }),
  },
  (t) => [
    index("staging_files_created_at_idx").on(t.createdAt),
    uniqueIndex("staging_files_media_uq").on(t.mediaId).where(sql`${t.mediaId} is not null`),
  ],
);

/**
 * Work the console starts in the background (decision 072): an import of an uploaded NDJSON file, a re-index,
 * a VACUUM ANALYZE. The row is the job's state for every process and for a page opened later: progress
 * (`step`, `done` of `total`), the final `report`, and `owner` (the process instance running it).
 */
export const consoleJobs = pgTable(
  "console_jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** import | reindex | vacuum */
    kind: text("kind").notNull(),
    /** running | complete | failed | interrupted */
    state: text("state").notNull().default("running"),
    /** The uploaded file's name as the admin sent it. */
    source: text("source").notNull().default(""),
    /** Where the uploaded file is kept while the job runs. */
    file: text("file").notNull().default(""),
    step: text("step").notNull().default(""),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    report: jsonb("report").$type<Record<string, unknown>>().notNull().default({}),
    owner: text("owner").notNull().default(""),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  // One job at a time, whichever process starts it.
  (t) => [
    index("console_jobs_started_at_idx").on(t.startedAt),
    uniqueIndex("console_jobs_one_running_idx").on(t.state).where(sql`${t.state} = 'running'`),
  ],
);
