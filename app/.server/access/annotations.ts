import { sql, type SQL } from "drizzle-orm";
import { can } from "./capabilities";
import { mediaVisible, recordVisible } from "./records";
import type { Viewer } from "./viewer";

/**
 * Who sees which annotation (decision 097), in SQL. A note is never more visible than its record: whoever may not
 * see the record (recordVisible) sees none of its notes, manager or author. Of a record they may see, a viewer sees
 * the approved notes, their own in any state, and — holding MANAGE_ANNOTATIONS — every note.
 */

/** SQL: the annotation aliased `a`, on the record aliased `r` (joined on `a.record_uid = r.uid`), is visible to the viewer. */
export function annotationVisible(viewer: Viewer, a = "a", r = "r"): SQL {
  const n = sql.identifier(a);
  const parts: SQL[] = [sql`${n}.status = 'approved'`];
  if (viewer.kind === "user" && viewer.userId) parts.push(sql`${n}.author_id = ${viewer.userId}::uuid`);
  if (can(viewer, "MANAGE_ANNOTATIONS")) parts.push(sql`true`);
  return sql`(${recordVisible(viewer, r)} and (${sql.join(parts, sql` or `)}))`;
}

/**
 * SQL: the note's image (aliased `m`, left-joined on `m.id = a.media_id`) may be shown to the viewer: its region
 * is shown only then (a restricted image's region is not outlined for someone who may not see the image).
 */
export function annotationMediaVisible(viewer: Viewer, m = "m"): SQL {
  return sql`(${sql.identifier(m)}.id is not null and ${mediaVisible(viewer, m)})`;
}
