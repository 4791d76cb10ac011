import { bigint, bigserial, boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./accounts";
import { media } from "./catalogue";

/**
 * Every image download (issue 32 §2, decision 098; migration 0034): who, which media item of which record, the
 * size, whether watermarked, when and from where. The record is kept by table and id: a re-import replaces the
 * media rows (media_id set null), the log stays.
 */
export const downloads = pgTable(
  "downloads",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    mediaId: bigint("media_id", { mode: "number" }).references(() => media.id, { onDelete: "set null" }),
    recordTable: text("record_table").notNull(),
    recordId: text("record_id").notNull(),
    size: text("size").notNull(),
    watermarked: boolean("watermarked").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    address: text("address"),
  },
  (t) => [
    index("downloads_user_at_idx").on(t.userId, t.at.desc()),
    index("downloads_at_idx").on(t.at.desc()),
    index("downloads_media_idx").on(t.mediaId),
    check("downloads_size_ck", sql`${t.size} in ('low', 'high')`),
  ],
);
