import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * The personal workspace (issue 15, decision 060). A collection's id is its address (`/collections/{id}`,
 * spec §2: "slug is the collection id"): random and global, so an address says nothing about its owner and
 * cannot be guessed. `published_slug` is the public address (`/public/collections/{slug}`), made at the
 * first publication and kept, so that publishing again revives the same links; `public` decides whether it
 * answers. `version` grows with every change: a rename carrying an older one is refused (409).
 */
export const collections = pgTable(
  "collections",
  {
    id: text("id").primaryKey(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** The record whose image is the cover (one of the items); null: the first item's. */
    coverTable: text("cover_table"),
    coverId: text("cover_id"),
    public: boolean("public").notNull().default(false),
    publishedSlug: text("published_slug"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("collections_owner_idx").on(t.ownerId, t.createdAt), uniqueIndex("collections_published_slug_idx").on(t.publishedSlug)],
);

/**
 * A collection's records, by (table, id) rather than the catalogue's row number: an import that replaces a
 * record keeps it in the collections. Lower positions first; new items get the lowest (spec §9: order -1).
 */
export const collectionItems = pgTable(
  "collection_items",
  {
    collectionId: text("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    recordTable: text("record_table").notNull(),
    recordId: text("record_id").notNull(),
    position: integer("position").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.recordTable, t.recordId] }),
    index("collection_items_position_idx").on(t.collectionId, t.position),
  ],
);

/** The user's current collection, the one the pin toggle fills (spec §4); cleared when it is deleted. */
export const workspacePrefs = pgTable("workspace_prefs", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  currentCollectionId: text("current_collection_id").references(() => collections.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A collection shared with a named user (decisions 061, 067), by the e-mail address the owner typed
 * (lower-cased), so the owner's form never tells whether an address has an account. `user_id` is the account
 * it reached — at once when the address has one, else when an account gets that address (a trigger on users,
 * migration 0025) — and access follows it, so a user who changes address keeps their shares.
 * `reader` sees it; `editor` also adds, removes and reorders its items.
 */
export const collectionShares = pgTable(
  "collection_shares",
  {
    collectionId: text("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** The account the share reached; null while no account has the address. Deleting the user deletes it. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.email] }),
    index("collection_shares_email_idx").on(t.email),
    index("collection_shares_user_idx").on(t.userId, t.collectionId),
  ],
);

/**
 * A secret read-only link to a collection (SHARE_EXTERNAL, decision 061): only the token's SHA-256 is kept;
 * past `expires_at`, or deleted (revoked), it answers 404 like a link that never existed.
 */
export const collectionLinks = pgTable(
  "collection_links",
  {
    id: text("id").primaryKey(),
    collectionId: text("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("collection_links_token_hash_idx").on(t.tokenHash),
    index("collection_links_collection_idx").on(t.collectionId, t.createdAt),
  ],
);
