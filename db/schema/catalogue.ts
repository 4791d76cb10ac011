import { sql } from "drizzle-orm";
import {
  bigserial,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { tsvector, type LocalizedText } from "./types";

/** A catalogue record of any table (ca_objects, ca_entities, …). */
export const records = pgTable(
  "records",
  {
    uid: bigserial("uid", { mode: "number" }).primaryKey(),
    tableName: text("table_name").notNull(),
    id: text("id").notNull(),
    typeId: integer("type_id").references(() => recordTypes.id),
    access: smallint("access").notNull().default(1),
    restricted: boolean("restricted").notNull().default(false),
    dateStart: date("date_start"),
    dateEnd: date("date_end"),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    parentId: text("parent_id"),
    parentPath: text("parent_path"),
    ord: integer("ord").notNull().default(0),
    /** Has an image every visitor may see. */
    hasMedia: boolean("has_media").notNull().default(false),
    /** Has an image only privileged viewers see (restricted flag). */
    hasRestrictedMedia: boolean("has_restricted_media").notNull().default(false),
    /** Lower-cased label per locale (Italian fallback), for ordering search pages. */
    sortIt: text("sort_it"),
    sortEn: text("sort_en"),
    sortFr: text("sort_fr"),
    /** Ids of the record's tags and of their ancestors (migration 0006). */
    tagIds: text("tag_ids").array().notNull().default(sql`'{}'::text[]`),
    numeroPrefix: text("numero_prefix"),
    numero: text("numero"),
    numeroBis: text("numero_bis"),
    focalX: real("focal_x"),
    focalY: real("focal_y"),
    sourceUrl: text("source_url"),
    license: text("license"),
    attribution: text("attribution"),
    /** When an import last wrote the record: its OAI-PMH datestamp (decision 050). */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("records_table_id_uq").on(t.tableName, t.id),
    index("records_table_access_idx").on(t.tableName, t.access),
    index("records_parent_idx").on(t.tableName, t.parentId),
    index("records_date_idx").on(t.dateStart),
    index("records_tag_ids_idx").using("gin", t.tagIds),
    check("records_access_ck", sql`${t.access} between 1 and 3`),
  ],
);

/** Record types (type_id {id, name}), names per locale. */
export const recordTypes = pgTable("record_types", {
  id: integer("id").primaryKey(),
  code: text("code").notNull(),
  names: jsonb("names").$type<LocalizedText>().notNull().default({}),
});

export type MetadataEntry =
  | { code: string; label: string; type: "text"; value: string }
  | { code: string; label: string; type: "date"; value: string }
  | { code: string; label: string; type: "link"; value: { url: string; text?: string } }
  | { code: string; label: string; type: "quantityValue"; value: { amount: number; currency: number } };

/** Per-locale texts of a record with their weighted full-text vector. */
export const recordTexts = pgTable(
  "record_texts",
  {
    recordUid: bigint("record_uid", { mode: "number" })
      .notNull()
      .references(() => records.uid, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    label: text("label").notNull(),
    summary: text("summary"),
    dateDisplay: text("date_display"),
    metadata: jsonb("metadata").$type<MetadataEntry[]>().notNull().default([]),
    body: text("body").notNull().default(""),
    tsv: tsvector("tsv").generatedAlwaysAs(
      sql`setweight(to_tsvector(teca_ts_config(locale), coalesce(label, '')), 'A') || setweight(to_tsvector(teca_ts_config(locale), coalesce(summary, '')), 'B') || setweight(to_tsvector(teca_ts_config(locale), coalesce(body, '')), 'C')`,
    ),
    /** Unstemmed label vector for prefix matching (migration 0003). */
    labelTsv: tsvector("label_tsv").generatedAlwaysAs(sql`to_tsvector('teca_simple'::regconfig, coalesce(label, ''))`),
  },
  (t) => [
    primaryKey({ columns: [t.recordUid, t.locale] }),
    // GIN indexes on tsv and label_tsv, one per locale (partial): migration 0007.
    check("record_texts_locale_ck", sql`${t.locale} in ('it', 'en', 'fr')`),
  ],
);

/**
 * What a metadata field is called in each locale: the label most of the catalogue's entries of that code
 * and locale carry, rebuilt by every import (teca_refresh_field_labels, migration 0030; decision 084).
 */
export const fieldLabels = pgTable(
  "field_labels",
  {
    code: text("code").notNull(),
    locale: text("locale").notNull(),
    label: text("label").notNull(),
  },
  (t) => [primaryKey({ name: "field_labels_pk", columns: [t.code, t.locale] })],
);

/**
 * What imports declared a metadata field is called in each locale (an interchange file's field-name lines,
 * migration 0031; decision 084): field_labels takes them where the catalogue's own entries name no field.
 */
export const fieldNames = pgTable(
  "field_names",
  {
    code: text("code").notNull(),
    locale: text("locale").notNull(),
    label: text("label").notNull(),
  },
  (t) => [primaryKey({ name: "field_names_pk", columns: [t.code, t.locale] })],
);

/** Tags (search filters) forming trees by path. */
export const tags = pgTable(
  "tags",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull().default("common"),
    names: jsonb("names").$type<LocalizedText>().notNull().default({}),
    parentId: text("parent_id"),
    /** Ancestor ids and own id joined by '/', e.g. "soggetti/soggetti-ritratto". */
    path: text("path").notNull(),
    depth: smallint("depth").notNull().default(0),
    field: text("field"),
    /** Compact number of the tag, used in search_docs.tag_nums (migration 0009). */
    num: integer("num").generatedAlwaysAsIdentity().notNull(),
  },
  (t) => [index("tags_parent_idx").on(t.parentId), index("tags_path_idx").on(t.path), uniqueIndex("tags_num_uq").on(t.num)],
);

export const recordTags = pgTable(
  "record_tags",
  {
    recordUid: bigint("record_uid", { mode: "number" })
      .notNull()
      .references(() => records.uid, { onDelete: "cascade" }),
    tagId: text("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    /** True for the ancestors of the record's own tags (migration 0004). */
    inherited: boolean("inherited").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.recordUid, t.tagId] }), index("record_tags_tag_idx").on(t.tagId)],
);

/** Relation types with their labels in both directions, per locale. */
export const relationTypes = pgTable("relation_types", {
  code: text("code").primaryKey(),
  labels: jsonb("labels").$type<LocalizedText>().notNull().default({}),
  reverseLabels: jsonb("reverse_labels").$type<LocalizedText>().notNull().default({}),
});

/** One frame of a 360° sequence: its stored original and derivatives (paths in the media store). */
export type SequenceFrame = { original: string; thumbnail: string; medium: string; large: string };

export type Interstitial = { name: LocalizedText; value: string };

/**
 * A typed link between two records. The target is kept by (table, id) so a
 * relation may be imported before its target; it is read in both directions.
 */
export const relations = pgTable(
  "relations",
  {
    fromUid: bigint("from_uid", { mode: "number" })
      .notNull()
      .references(() => records.uid, { onDelete: "cascade" }),
    toTable: text("to_table").notNull(),
    toId: text("to_id").notNull(),
    type: text("type").notNull(),
    ord: integer("ord").notNull().default(0),
    interstitial: jsonb("interstitial").$type<Interstitial[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.fromUid, t.toTable, t.toId, t.type] }), index("relations_to_idx").on(t.toTable, t.toId)],
);

/** A representation of a record: image, video, embed or document. */
export const media = pgTable(
  "media",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    recordUid: bigint("record_uid", { mode: "number" })
      .notNull()
      .references(() => records.uid, { onDelete: "cascade" }),
    ord: integer("ord").notNull().default(0),
    mediaType: text("media_type").notNull(),
    mime: text("mime"),
    title: jsonb("title").$type<LocalizedText>().notNull().default({}),
    restricted: boolean("restricted").notNull().default(false),
    /** Local original (relative to the media directory) or remote URL. */
    original: text("original"),
    externalUrl: text("external_url"),
    thumbnail: text("thumbnail"),
    medium: text("medium"),
    large: text("large"),
    width: integer("width"),
    height: integer("height"),
    focalX: real("focal_x"),
    focalY: real("focal_y"),
    dominantColor: text("dominant_color"),
    /** A 360° sequence's frames in turning order (`media_type` 'sequence'; migration 0037, decision 105). */
    frames: jsonb("frames").$type<SequenceFrame[]>(),
    /**
     * Attached from the drop box and not yet confirmed: hidden from every viewer (mediaVisible) until an
     * administrator confirms it (migration 0032, decision 092).
     */
    pending: boolean("pending").notNull().default(false),
    /** The media item's own licence and credit (a photograph's rights), shown with it. */
    license: text("license"),
    credit: text("credit"),
  },
  (t) => [index("media_record_idx").on(t.recordUid, t.ord)],
);

/**
 * A record that left the public catalogue (deleted, or made access 2 or 3), kept for OAI-PMH harvesters
 * ("deletedRecord: persistent"). Written by triggers on `records` (migration 0014); a tombstone whose
 * record is public again is ignored (decision 050).
 */
export const recordTombstones = pgTable(
  "record_tombstones",
  {
    tableName: text("table_name").notNull(),
    id: text("id").notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "record_tombstones_pk", columns: [t.tableName, t.id] }),
    index("record_tombstones_deleted_idx").on(t.deletedAt, t.tableName, t.id),
  ],
);
