import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { notFoundForViewer, ownedBy } from "~/.server/access";
import { iso, newId, ownerOf, publishedSlug, rowsIn, WorkspaceError } from "~/features/workspace/index.server";
import { isTable, type TableName } from "~/lib/tables";
import type { MapChanges, MapContent, NodeKey, Positions, SavedMap, SavedMapSummary } from "./relmap";
import { getRelationMap } from "./relmap.server";

/**
 * Saved relational maps (issue 33 §5, decision 111): the only place their SQL lives. Every statement on a user's map
 * carries the owner (`ownedBy`) in its WHERE: another user's map is not found, exactly like a missing id. A map keeps
 * its centre, the nodes opened and the positions arranged, never a record's data: what it shows is read again, with
 * the reader's access, each time it is shown. Published like a story: a published address made once and kept.
 */

/** RELMAP_MAX (maps per user, default 200), read at each call. */
export function mapLimit() {
  const v = process.env.RELMAP_MAX;
  return v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : 200;
}

type Row = {
  id: string;
  title: string;
  centre_table: string;
  centre_id: string;
  open: NodeKey[] | string;
  positions: Positions | string;
  public: boolean;
  published_slug: string | null;
  version: number;
  created_at: string | Date;
  updated_at: string | Date;
};

const parsed = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);
const columns = sql`m.id, m.title, m.centre_table, m.centre_id, m.open, m.positions, m.public, m.published_slug, m.version, m.created_at, m.updated_at`;

function summary(r: Row): SavedMapSummary {
  return {
    id: r.id,
    title: r.title,
    table: (isTable(r.centre_table) ? r.centre_table : "ca_objects") as TableName,
    recordId: r.centre_id,
    public: Boolean(r.public),
    publishedSlug: r.published_slug,
    version: Number(r.version),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}
const full = (r: Row): SavedMap => ({ ...summary(r), open: parsed(r.open), positions: parsed(r.positions) });

/** The viewer's maps, newest first. */
export async function listMaps(ctx: ServiceContext): Promise<SavedMapSummary[]> {
  const owner = ownerOf(ctx);
  const rows = await ctx.database.rows<Row>(
    sql`select ${columns} from relation_maps m where ${ownedBy(owner, "m")} order by m.created_at desc, m.id limit 500`,
  );
  return rows.map(summary);
}

/** One of the viewer's maps (another user's or a missing one: the 404 refusal). */
export async function getMap(ctx: ServiceContext, id: string): Promise<SavedMap> {
  const owner = ownerOf(ctx);
  const [row] = await ctx.database.rows<Row>(sql`select ${columns} from relation_maps m where m.id = ${id} and ${ownedBy(owner, "m")}`);
  if (!row) throw notFoundForViewer();
  return full(row);
}

/** A published map for anyone: only while it is public (else the 404 of a missing one). */
export async function getPublishedMap(ctx: ServiceContext, slug: string): Promise<SavedMap> {
  const [row] = await ctx.database.rows<Row>(sql`select ${columns} from relation_maps m where m.published_slug = ${slug} and m.public`);
  if (!row) throw notFoundForViewer();
  return full(row);
}

/**
 * Saves a new map of a record the viewer may see (one they may not: the 404 refusal, nothing saved). Opened nodes
 * and positions are kept only for nodes of the record's map as the viewer sees it now.
 */
export async function createMap(ctx: ServiceContext, content: MapContent): Promise<SavedMap> {
  const owner = ownerOf(ctx);
  const kept = await keptArrangement(ctx, content.table, content.id, content.open, content.positions);
  return ctx.database.db.transaction(async (tx) => {
    // the owner's row locked: two saves at once cannot both pass the limit
    await tx.execute(sql`select id from users where id = ${owner}::uuid for update`);
    const [n] = await rowsIn<{ n: number }>(tx, sql`select count(*)::int as n from relation_maps where ${ownedBy(owner)}`);
    if (Number(n?.n ?? 0) >= mapLimit()) throw new WorkspaceError("limit", "relmap.error.limit", { max: mapLimit() });
    const [row] = await rowsIn<Row>(
      tx,
      sql`insert into relation_maps as m (id, owner_id, title, centre_table, centre_id, open, positions)
        values (${newId()}, ${owner}::uuid, ${content.title}, ${content.table}, ${content.id}, ${JSON.stringify(kept.open)}::jsonb, ${JSON.stringify(kept.positions)}::jsonb)
        returning ${columns}`,
    );
    return full(row!);
  });
}

/** The opened nodes and positions that belong to the record's map as the viewer sees it (the 404 refusal if none). */
async function keptArrangement(ctx: ServiceContext, table: TableName, id: string, open: NodeKey[], positions: Positions) {
  const map = await getRelationMap(ctx, table, id, { open });
  if (!map) throw notFoundForViewer();
  const keys = new Set(map.nodes.map((n) => n.key));
  return {
    open: map.open,
    positions: Object.fromEntries(Object.entries(positions).filter(([k]) => keys.has(k))) as Positions,
  };
}

/** Changes one of the viewer's maps: title, opened nodes, positions, published or not; `version` the one read. */
export async function saveMap(ctx: ServiceContext, id: string, changes: MapChanges): Promise<SavedMap> {
  const owner = ownerOf(ctx);
  const current = await getMap(ctx, id);
  const arrangement =
    changes.open || changes.positions
      ? await keptArrangement(ctx, current.table, current.recordId, changes.open ?? current.open, changes.positions ?? current.positions)
      : null;
  const sets = [sql`version = m.version + 1`, sql`updated_at = now()`];
  if (changes.title !== undefined) sets.push(sql`title = ${changes.title}`);
  if (arrangement)
    sets.push(sql`open = ${JSON.stringify(arrangement.open)}::jsonb`, sql`positions = ${JSON.stringify(arrangement.positions)}::jsonb`);
  if (changes.public !== undefined) {
    sets.push(sql`public = ${changes.public}`);
    if (changes.public) {
      sets.push(sql`published_at = now()`);
      if (!current.publishedSlug) sets.push(sql`published_slug = ${publishedSlug(changes.title ?? current.title)}`);
    }
  }
  const [row] = await ctx.database.rows<Row>(
    sql`update relation_maps m set ${sql.join(sets, sql`, `)}
      where m.id = ${id} and ${ownedBy(owner, "m")} and m.version = ${changes.version} returning ${columns}`,
  );
  if (row) return full(row);
  await getMap(ctx, id); // gone meanwhile: the 404
  throw new WorkspaceError("conflict", "relmap.error.stale");
}

export async function deleteMap(ctx: ServiceContext, id: string): Promise<void> {
  const owner = ownerOf(ctx);
  const rows = await ctx.database.rows<{ id: string }>(
    sql`delete from relation_maps m where m.id = ${id} and ${ownedBy(owner, "m")} returning m.id`,
  );
  if (!rows.length) throw notFoundForViewer();
}
