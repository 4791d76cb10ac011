import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Proof-of-work challenges already used for a sign-in or a reset request (decision 047): the challenge's
 * nonce (SHA-256), kept until the challenge would have expired anyway, so a solved challenge works once.
 */
export const botCheckSpent = pgTable(
  "bot_check_spent",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("bot_check_spent_expires_idx").on(t.expiresAt)],
);
