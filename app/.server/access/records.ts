import { sql, type SQL } from "drizzle-orm";
import type { Viewer } from "./viewer";

/**
 * The SQL fragments that limit records and media to what a viewer may see. Every query of the catalogue embeds
 * them: what a viewer may not see is not found, never refused.
 */

function levelsArray(viewer: Viewer): SQL {
  const levels = viewer.accessLevels.filter((l) => Number.isInteger(l) && l >= 1 && l <= 3);
  return sql`${`{${levels.join(",")}}`}::smallint[]`;
}

/** SQL predicate limiting the records aliased `alias` to the viewer's access levels. */
export function recordVisible(viewer: Viewer, alias = "r"): SQL {
  return sql`${sql.identifier(alias)}.access = any(${levelsArray(viewer)})`;
}

/**
 * The public records (access 1) written as migration 0014's partial index states its condition
 * (records_public_updated_idx … where access = 1), so that the harvesters' lists by datestamp walk that index.
 * It says again what recordVisible(PUBLIC_VIEWER) says, in the planner's terms.
 */
export function publicRecord(alias = "r"): SQL {
  return sql`${sql.identifier(alias)}.access = 1`;
}

/** Whether a record at this access level is public (what `publicRecord` says in SQL, for a value in code). */
export function isPublicRecord(access: number | null | undefined): boolean {
  return access === 1;
}

/** Whether the public (PUBLIC_VIEWER) sees an image of a record: a public record's unrestricted image. */
export function publicImage(recordAccess: number, restricted: boolean | undefined): boolean {
  return recordAccess === 1 && !restricted;
}

/** The access levels the viewer may see, as a bit mask (bit n for level n): for the search's in-memory filters. */
export function accessMask(viewer: Viewer): number {
  return viewer.accessLevels.filter((l) => Number.isInteger(l) && l >= 1 && l <= 3).reduce((m, l) => m | (1 << l), 0);
}

/**
 * Media flagged restricted are shown only when the viewer's access list has
 * more than one entry (spec §6: more than one access entry lifts the flag).
 */
export function seesRestrictedMedia(viewer: Viewer): boolean {
  return viewer.accessLevels.length > 1;
}

/**
 * SQL: the media item `alias` may be shown to the viewer (seesRestrictedMedia). A media item attached from the
 * drop box and not yet confirmed (`pending`, decision 092) is shown to no one: the console previews it itself.
 */
export function mediaVisible(viewer: Viewer, alias = "m"): SQL {
  const m = sql.identifier(alias);
  return seesRestrictedMedia(viewer) ? sql`${m}.pending = false` : sql`(${m}.restricted = false and ${m}.pending = false)`;
}

/** SQL: the record `alias` has an image this viewer may see (seesRestrictedMedia). */
export function hasVisibleImage(viewer: Viewer, alias = "r"): SQL {
  const r = sql.identifier(alias);
  return seesRestrictedMedia(viewer) ? sql`(${r}.has_media or ${r}.has_restricted_media)` : sql`${r}.has_media`;
}
