import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { collections } from "./workspace";

/**
 * Moodboards (issue 15 §3, decision 063): a free canvas belonging to one of its owner's collections. `items`
 * holds the images and their geometry (validated by `MoodboardItemsSchema` on every save), `colours` the
 * swatches; `version` grows with every save and a save carrying an older one is refused (409).
 */
export const moodboards = pgTable(
  "moodboards",
  {
    id: text("id").primaryKey(),
    collectionId: text("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    background: text("background").notNull().default("#ffffff"),
    colours: jsonb("colours").notNull().default([]),
    items: jsonb("items").notNull().default([]),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("moodboards_collection_idx").on(t.collectionId, t.createdAt), index("moodboards_owner_idx").on(t.ownerId)],
);

/**
 * Images users upload for their moodboards and stories: re-encoded (metadata stripped) and kept under a
 * random name (`stored_name`) in the uploads store, served only to their owner (and to readers of a published
 * item that uses them). `size` counts towards the per-user total.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storedName: text("stored_name").notNull().unique(),
    originalName: text("original_name").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploads_owner_idx").on(t.ownerId, t.createdAt)],
);
