import { sql, type SQL } from "drizzle-orm";
import { accessLevelsFor, DEFAULT_CAPABILITIES, VISITOR_LEVEL, type Capabilities } from "~/lib/capabilities";

/**
 * Who is asking. Built once per request at the boundary (server/app.ts) and
 * passed to every service: the one policy module for catalogue access.
 */
export type Viewer = {
  kind: "anonymous" | "user";
  userId: string | null;
  level: number;
  roles: string[];
  /** Record access levels this viewer may see (1 public, 2 restricted, 3 very restricted). */
  accessLevels: number[];
};

/** A visitor: the PUBLIC level (of the configured capabilities, when given). */
export function anonymousViewer(caps?: Capabilities): Viewer {
  const level = caps ? caps.PUBLIC : VISITOR_LEVEL;
  return { kind: "anonymous", userId: null, level, roles: [], accessLevels: accessLevelsFor(level, caps) };
}

export function viewerFor(user: { id: string; level: number; roles: string[] }, caps: Capabilities = DEFAULT_CAPABILITIES): Viewer {
  return { kind: "user", userId: user.id, level: user.level, roles: user.roles, accessLevels: accessLevelsFor(user.level, caps) };
}

function levelsArray(viewer: Viewer): SQL {
  const levels = viewer.accessLevels.filter((l) => Number.isInteger(l) && l >= 1 && l <= 3);
  return sql`${`{${levels.join(",")}}`}::smallint[]`;
}

/** SQL predicate limiting the records aliased `alias` to the viewer's access levels. */
export function recordVisible(viewer: Viewer, alias = "r"): SQL {
  return sql`${sql.identifier(alias)}.access = any(${levelsArray(viewer)})`;
}

/**
 * Media flagged restricted are shown only when the viewer's access list has
 * more than one entry (spec §6: more than one access entry lifts the flag).
 */
export function seesRestrictedMedia(viewer: Viewer): boolean {
  return viewer.accessLevels.length > 1;
}

/** SQL: the media item `alias` may be shown to the viewer (seesRestrictedMedia). */
export function mediaVisible(viewer: Viewer, alias = "m"): SQL {
  return seesRestrictedMedia(viewer) ? sql`true` : sql`${sql.identifier(alias)}.restricted = false`;
}

/** SQL: the record `alias` has an image this viewer may see (seesRestrictedMedia). */
export function hasVisibleImage(viewer: Viewer, alias = "r"): SQL {
  const r = sql.identifier(alias);
  return seesRestrictedMedia(viewer) ? sql`(${r}.has_media or ${r}.has_restricted_media)` : sql`${r}.has_media`;
}
