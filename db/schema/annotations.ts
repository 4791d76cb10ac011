import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { media, records } from "./catalogue";

/** A region of an image, as fractions 0–1 of the full image (decision 097). */
export type AnnotationRegion = { x: number; y: number; w: number; h: number };

/**
 * Annotations (issue 32 §1, decision 097): a signed-in user's note on a record, optionally on a region of one of
 * its images. Private to its author until a curator (MANAGE_ANNOTATIONS) approves it; then shown with the record
 * to whoever may see the record. Who sees which is decided in SQL (app/.server/access/annotations.ts).
 * `media_id` is set null when the image goes (an import re-creates a record's media rows): the note stays on the
 * record, its region is no longer shown.
 */
export const annotations = pgTable(
  "annotations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    recordUid: bigint("record_uid", { mode: "number" })
      .notNull()
      .references(() => records.uid, { onDelete: "cascade" }),
    mediaId: bigint("media_id", { mode: "number" }).references(() => media.id, { onDelete: "set null" }),
    region: jsonb("region").$type<AnnotationRegion>(),
    /** Plain text as typed (1–4,000 characters), rendered escaped. */
    body: text("body").notNull(),
    locale: text("locale").notNull(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Whether the approved note names its author (else "a researcher"). */
    named: boolean("named").notNull().default(true),
    status: text("status").notNull().default("pending"),
    reason: text("reason"),
    moderatedBy: uuid("moderated_by").references(() => users.id, { onDelete: "set null" }),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("annotations_record_idx").on(t.recordUid, t.status),
    index("annotations_author_idx").on(t.authorId),
    index("annotations_updated_idx").on(t.updatedAt),
    check("annotations_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/** A manager's reading of a note (the menu's dot is per manager, spec §6): read at the note's `updated_at`. */
export const annotationReads = pgTable(
  "annotation_reads",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    annotationId: bigint("annotation_id", { mode: "number" })
      .notNull()
      .references(() => annotations.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.annotationId] })],
);
