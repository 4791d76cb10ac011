import { bigserial, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per catalogue load (an import, the museum import, the demo load). Written as `running` before the
 * load's transaction and set to `complete` inside it, so that the row says whether the data landed: a
 * `running` row whose load no longer holds its advisory lock was interrupted (docs/decisions/010).
 * The demo's completion marker is its `complete` row.
 */
export const catalogueLoads = pgTable("catalogue_loads", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  /** import | museum | demo */
  kind: text("kind").notNull(),
  /** The file loaded, or the demo's version. */
  source: text("source").notNull(),
  /** running | complete | failed | interrupted */
  state: text("state").notNull().default("running"),
  /** Who ran it: host, pid, command. */
  owner: text("owner").notNull().default(""),
  records: integer("records"),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});
