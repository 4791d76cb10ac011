import { jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Which metadata codes a table shows in its summary and header, per role ('' = everyone). */
export const summaryConfig = pgTable(
  "summary_config",
  {
    tableName: text("table_name").notNull(),
    role: text("role").notNull().default(""),
    summaryFields: jsonb("summary_fields").$type<string[]>().notNull().default([]),
    headerFields: jsonb("header_fields").$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.role] })],
);

/** Site options document per locale (spec §3 "Site options"). */
export const siteOptions = pgTable("site_options", {
  locale: text("locale").primaryKey(),
  options: jsonb("options").$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Editable content pages per locale; slug 'home' is the homepage. */
export const pages = pgTable(
  "pages",
  {
    slug: text("slug").notNull(),
    locale: text("locale").notNull(),
    title: text("title").notNull(),
    content: jsonb("content").$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.locale] })],
);
