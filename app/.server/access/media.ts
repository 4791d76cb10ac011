import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../db";
import { mediaVisible, recordVisible } from "./records";
import { anonymousViewer, type Viewer } from "./viewer";
import { catalogueValue } from "../caches";
import { capabilities } from "../session";

/**
 * Which stored media files a request may fetch (decision 043).
 *
 * A file under the media store (an original or a derivative, named by its content hash) is public when at
 * least one media row a visitor may see points at it (a 360° sequence's frames are its row's files too); it is protected when every row pointing at it is
 * hidden from visitors — a `restricted` image, or any image of a record with access 2 or 3; and a file no
 * row points at any more (an image removed or replaced by an import: files are never deleted) is served to
 * no one. Public files are served as immutable static files; a protected one only to a viewer who may see
 * one of its rows.
 *
 * The index is read once per catalogue change (one grouped scan of `media`) and kept in memory: imports
 * clear it (caches.ts, and other processes' NOTIFY on PostgreSQL), and it is read again after
 * INDEX_TTL_MS in any case (a process that missed a notification while its LISTEN connection was down).
 * A request after a clear waits for the new index — a file is never served from a stale one.
 */
/** Stored path (URL form) → null when public, else the ids of the hidden media rows that use it. */
export type MediaIndex = Map<string, number[] | null>;
/** The index of a catalogue (read again after a minute whatever was heard). */
export const mediaIndex = catalogueValue(loadIndex, 60_000);

async function loadIndex(database: Database): Promise<MediaIndex> {
  const visitor = anonymousViewer(capabilities());
  const rows = await database.rows<{ path: string; ids: (number | string)[] | null }>(sql`
    select p.path, case when bool_and(p.hidden) then array_agg(p.id) end as ids
    from (
      select m.id, f.path, not (${recordVisible(visitor, "r")} and ${mediaVisible(visitor, "m")}) as hidden
      from media m join records r on r.uid = m.record_uid
      cross join lateral (
        select unnest(array[m.original, m.thumbnail, m.medium, m.large]) as path
        union all
        select jsonb_path_query(m.frames, '$[*].*') #>> '{}' where m.frames is not null
      ) f
    ) p
    where p.path is not null and p.path !~ '^[a-zA-Z][a-zA-Z0-9+.-]*:'
    group by p.path`);
  const map: MediaIndex = new Map();
  for (const row of rows) map.set(toUrlPath(row.path), row.ids ? row.ids.map(Number) : null);
  return map;
}

/** A stored path as it appears after /media/ in a URL (always forward slashes). */
export const toUrlPath = (stored: string) => stored.split(path.sep).join("/");

/** Whether the viewer may see at least one of the media rows `ids` (same rules as the record pages). */
export async function mayViewMedia(database: Database, viewer: Viewer, ids: number[]): Promise<boolean> {
  if (!ids.length) return false;
  const rows = await database.rows<{ ok: number }>(sql`
    select 1 as ok from media m join records r on r.uid = m.record_uid
    where m.id = any(${`{${ids.map((id) => Math.trunc(id)).join(",")}}`}::bigint[])
      and ${recordVisible(viewer, "r")} and ${mediaVisible(viewer, "m")}
    limit 1`);
  return rows.length > 0;
}
