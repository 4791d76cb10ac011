import { sql, type SQL } from "drizzle-orm";
import type { Viewer } from "./viewer";

/**
 * The ownership predicate of the workspace's rows (collections, moodboards, stories, uploads): every statement
 * on them names the owner inside its WHERE, so another user's row is not found, exactly like a missing id, and
 * nothing is read before that check.
 */

/** SQL: the row (aliased `alias`, or the statement's only table) belongs to the user `ownerId`. */
export function ownedBy(ownerId: string, alias?: string): SQL {
  return alias ? sql`${sql.identifier(alias)}.owner_id = ${ownerId}::uuid` : sql`owner_id = ${ownerId}::uuid`;
}

/** Whether the viewer is the user `ownerId` (a row already read, e.g. an upload's file asked for by name). */
export function isOwner(viewer: Viewer, ownerId: string | null | undefined): boolean {
  return viewer.kind === "user" && !!viewer.userId && viewer.userId === ownerId;
}
