import { bigserial, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * Every saved version of an editable item (decision 070): a site option (`kind` 'option', `key` its name)
 * or a content page. `locale` is '' for an item shared by every language. Versions count from 1 per item;
 * the unique index makes two concurrent saves of one version impossible (the later one is refused, 409).
 */
export const revisions = pgTable(
  "revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    locale: text("locale").notNull().default(""),
    version: integer("version").notNull(),
    /** The item's value after this save (null: removed, the item falls back to Italian or the default). */
    value: jsonb("value").$type<unknown>(),
    /** Who saved it (null: a save outside the settings, e.g. the demo data, or a removed user). */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The version this one restored, when it is a restore. */
    restoredFrom: integer("restored_from"),
  },
  (t) => [uniqueIndex("revisions_item_version_idx").on(t.kind, t.key, t.locale, t.version)],
);
