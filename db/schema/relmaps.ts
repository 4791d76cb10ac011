import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * Saved relational maps (issue 33 §5, decision 111): the map of one record (`centre_table`, `centre_id`) as its
 * owner arranged it: `open` the first-ring nodes opened (node keys `table:id`), `positions` the nodes moved
 * ({key: {x, y}} in the drawing's units), both the JSON the zod schemas in app/features/relmap/relmap.ts accept.
 * What the map shows is read live with the reader's access: a saved map keeps no record's data. Published like a
 * story: `published_slug` made at the first publication and kept; `public` decides whether it answers.
 */
export const relationMaps = pgTable(
  "relation_maps",
  {
    id: text("id").primaryKey(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    centreTable: text("centre_table").notNull(),
    centreId: text("centre_id").notNull(),
    open: jsonb("open").notNull().default([]),
    positions: jsonb("positions").notNull().default({}),
    public: boolean("public").notNull().default(false),
    publishedSlug: text("published_slug"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("relation_maps_owner_idx").on(t.ownerId, t.createdAt), uniqueIndex("relation_maps_published_slug_idx").on(t.publishedSlug)],
);
