import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { media } from "./catalogue";

/**
 * Reproduction requests (issue 32 §3, migration 0035, decision 099): who asks for which image, for what use, at
 * which resolution and format, under which terms (a content page, its version: the page's last change); the
 * decision (approved — watermarked or not, the link's life — or not approved with a reason). "Expired" is not
 * stored: approved and `expires_at` past. Only the SHA-256 of the download link's token is kept.
 */
export const reproductionRequests = pgTable(
  "reproduction_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requesterId: uuid("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mediaId: bigint("media_id", { mode: "number" }).references(() => media.id, { onDelete: "set null" }),
    /** The record as it was when asked for, so the register names it if the media or the record goes. */
    recordUid: bigint("record_uid", { mode: "number" }),
    recordTable: text("record_table").notNull(),
    recordId: text("record_id").notNull(),
    recordTitle: text("record_title").notNull(),
    recordType: text("record_type").notNull().default(""),
    recordInventory: text("record_inventory").notNull().default(""),
    /** study | publication | exhibition | commercial */
    purpose: text("purpose").notNull(),
    /** low | high */
    resolution: text("resolution").notNull(),
    /** jpeg | tiff */
    format: text("format").notNull(),
    notes: text("notes").notNull().default(""),
    /** The requester's language when asking: their mails are written in it. */
    locale: text("locale").notNull().default("it"),
    termsPage: text("terms_page").notNull(),
    termsVersion: timestamp("terms_version", { withTimezone: true }),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }).notNull(),
    /** pending | approved | not_approved */
    status: text("status").notNull().default("pending"),
    reason: text("reason"),
    watermarked: boolean("watermarked"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    tokenHash: text("token_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("reproduction_requests_created_idx").on(t.createdAt.desc(), t.id),
    index("reproduction_requests_requester_idx").on(t.requesterId, t.createdAt),
    uniqueIndex("reproduction_requests_token_idx").on(t.tokenHash).where(sql`${t.tokenHash} is not null`),
    check("reproduction_requests_purpose_ck", sql`${t.purpose} in ('study', 'publication', 'exhibition', 'commercial')`),
    check("reproduction_requests_resolution_ck", sql`${t.resolution} in ('low', 'high')`),
    check("reproduction_requests_format_ck", sql`${t.format} in ('jpeg', 'tiff')`),
    check("reproduction_requests_notes_ck", sql`char_length(${t.notes}) <= 2000`),
    check("reproduction_requests_status_ck", sql`${t.status} in ('pending', 'approved', 'not_approved')`),
  ],
);
