import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { collections } from "./workspace";

/**
 * Stories (issue 15 §3, decision 064): ordered content blocks written from one of the owner's collections.
 * The id is random and global like a collection's (`/collections/{coll}/stories/{id}`); `blocks` is the
 * JSON the zod schema in app/features/stories/stories.ts accepts (rich text already sanitised). Published
 * like a collection: `published_slug` is made at the first publication and kept; `public` decides whether
 * it answers. `version` grows with every save: a save carrying an older one is refused (409).
 */
export const stories = pgTable(
  "stories",
  {
    id: text("id").primaryKey(),
    collectionId: text("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    blocks: jsonb("blocks").notNull().default([]),
    public: boolean("public").notNull().default(false),
    publishedSlug: text("published_slug"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stories_collection_idx").on(t.collectionId, t.createdAt),
    index("stories_owner_idx").on(t.ownerId),
    uniqueIndex("stories_published_slug_idx").on(t.publishedSlug),
  ],
);
