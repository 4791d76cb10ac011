import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * Saved searches (issue 15 §2, migration 0018, decision 062). `query` is the search page's own canonical
 * query string (searchQueryString, without "?"); `alert` a mail of the records added since `alert_mark`
 * (the highest record uid already considered) that match it and that the owner may see.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    query: text("query").notNull().default(""),
    locale: text("locale").notNull().default("it"),
    public: boolean("public").notNull().default(false),
    /** On the home page's hero (MANAGE_USERS only; a hero search is public). */
    hero: boolean("hero").notNull().default(false),
    /** none | daily | weekly */
    alert: text("alert").notNull().default("none"),
    /** High-water mark: records with a larger uid are new to this search's alerts. */
    alertMark: bigint("alert_mark", { mode: "number" }).notNull().default(0),
    alertCheckedAt: timestamp("alert_checked_at", { withTimezone: true }),
    alertSentAt: timestamp("alert_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId, t.createdAt),
    index("saved_searches_hero_idx").on(t.updatedAt).where(sql`${t.hero}`),
    index("saved_searches_alert_idx").on(t.alertCheckedAt).where(sql`${t.alert} <> 'none'`),
    check("saved_searches_title_ck", sql`char_length(${t.title}) between 1 and 200`),
    check("saved_searches_locale_ck", sql`${t.locale} in ('it', 'en', 'fr')`),
    check("saved_searches_alert_ck", sql`${t.alert} in ('none', 'daily', 'weekly')`),
    check("saved_searches_hero_public_ck", sql`not ${t.hero} or ${t.public}`),
  ],
);

/** Unsubscribe links of the alert mails: the SHA-256 of each mail's token (every mail's link keeps working). */
export const savedSearchTokens = pgTable(
  "saved_search_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    savedSearchId: uuid("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("saved_search_tokens_search_idx").on(t.savedSearchId, t.createdAt)],
);
