import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { notFoundForViewer, ownedBy } from "~/.server/access";
import { isUploadUrl, ownUploads } from "./editor/uploads.server";
import { iso, newId, ownerOf, rowsIn, WorkspaceError, type Exec } from "./common.server";
import type { Moodboard, MoodboardContent, MoodboardItem, MoodboardSummary } from "./moodboards";

/**
 * Moodboards (issue 15 §3, decision 063): the only place their SQL lives. Every statement carries the owner
 * (`ownedBy`, app/.server/access/) and the collection in its WHERE: another user's board, or one asked for under another
 * collection, is not found, exactly like a missing id. Saving replaces the whole board and carries the
 * version it read: a stale save changes nothing and is a conflict (409), so two tabs never silently undo
 * each other.
 */

/** MOODBOARD_MAX (boards per user, default 200) and MOODBOARD_MAX_ITEMS (images per board, default 100), read at each call. */
export function moodboardLimits() {
  const num = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : d);
  return { boards: num(process.env.MOODBOARD_MAX, 200), items: num(process.env.MOODBOARD_MAX_ITEMS, 100) };
}

type Row = {
  id: string;
  collection_id: string;
  title: string;
  background: string;
  colours: string[];
  items: MoodboardItem[];
  version: number;
  created_at: string | Date;
  updated_at: string | Date;
};

const parsed = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

function summary(r: Row): MoodboardSummary {
  const items = parsed(r.items);
  const first = [...items].sort((a, b) => a.zIndex - b.zIndex).at(-1);
  return {
    id: r.id,
    collectionId: r.collection_id,
    title: r.title,
    background: r.background,
    count: items.length,
    cover: first?.url ?? null,
    version: Number(r.version),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

const full = (r: Row): Moodboard => ({ ...summary(r), colours: parsed(r.colours), items: parsed(r.items) });

const columns = sql`m.id, m.collection_id, m.title, m.background, m.colours, m.items, m.version, m.created_at, m.updated_at`;

/** The viewer's boards of one of their collections (or all of theirs), newest first. */
export async function listMoodboards(ctx: ServiceContext, collectionId?: string): Promise<MoodboardSummary[]> {
  const owner = ownerOf(ctx);
  const rows = await ctx.database.rows<Row>(
    sql`select ${columns} from moodboards m where ${ownedBy(owner, "m")} ${collectionId ? sql`and m.collection_id = ${collectionId}` : sql``}
      order by m.created_at desc, m.id limit 500`,
  );
  return rows.map(summary);
}

export async function getMoodboard(ctx: ServiceContext, collectionId: string, id: string): Promise<Moodboard> {
  const owner = ownerOf(ctx);
  const [row] = await ctx.database.rows<Row>(
    sql`select ${columns} from moodboards m where m.id = ${id} and m.collection_id = ${collectionId} and ${ownedBy(owner, "m")}`,
  );
  if (!row) throw notFoundForViewer();
  return full(row);
}

/** The collection a new board goes in, when it is the viewer's (its title for the page). */
export async function moodboardCollection(ctx: ServiceContext, collectionId: string): Promise<{ id: string; title: string }> {
  const owner = ownerOf(ctx);
  const [row] = await ctx.database.rows<{ id: string; title: string }>(
    sql`select c.id, c.title from collections c where c.id = ${collectionId} and ${ownedBy(owner, "c")}`,
  );
  if (!row) throw notFoundForViewer();
  return row;
}

/** Item limit, and uploads must be the viewer's own (another user's upload cannot be put on a board). */
async function checkContent(db: Exec, owner: string, content: MoodboardContent) {
  const limits = moodboardLimits();
  if (content.items.length > limits.items) throw new WorkspaceError("limit", "moodboard.error.itemLimit", { max: limits.items });
  const ids = new Set(content.items.map((i) => i.id));
  if (ids.size !== content.items.length) throw new WorkspaceError("invalid", "moodboard.error.items");
  const uploads = content.items.map((i) => i.url).filter(isUploadUrl);
  if (!(await ownUploads(db, owner, uploads))) throw new WorkspaceError("invalid", "moodboard.error.items");
}

export async function createMoodboard(ctx: ServiceContext, collectionId: string, content: MoodboardContent): Promise<Moodboard> {
  const owner = ownerOf(ctx);
  const limits = moodboardLimits();
  return ctx.database.db.transaction(async (tx) => {
    await checkContent(tx, owner, content);
    const rows = async <T>(q: ReturnType<typeof sql>) => ((await tx.execute(q)) as unknown as { rows: T[] }).rows;
    // The collection, the viewer's, locked: a board is never added to a collection being deleted.
    const [coll] = await rows<{ id: string }>(
      sql`select c.id from collections c where c.id = ${collectionId} and ${ownedBy(owner, "c")} for update`,
    );
    if (!coll) throw notFoundForViewer();
    await tx.execute(sql`select id from users where id = ${owner}::uuid for update`);
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from moodboards where ${ownedBy(owner)}`);
    if (Number(n?.n ?? 0) >= limits.boards) throw new WorkspaceError("limit", "moodboard.error.limit", { max: limits.boards });
    const [row] = await rows<Row>(sql`insert into moodboards as m (id, collection_id, owner_id, title, background, colours, items)
      values (${newId()}, ${collectionId}, ${owner}::uuid, ${content.title}, ${content.background}, ${JSON.stringify(content.colours)}::jsonb, ${JSON.stringify(content.items)}::jsonb)
      returning ${columns}`);
    return full(row!);
  });
}

/** Saves the whole board; `version` is the one the editor read (a stale one: 409, nothing changed). */
export async function saveMoodboard(
  ctx: ServiceContext,
  id: string,
  content: MoodboardContent & { version?: number; coll?: string },
): Promise<Moodboard> {
  const owner = ownerOf(ctx);
  if (content.version === undefined) throw new WorkspaceError("invalid", "moodboard.error.version");
  // The uploads are checked in the saving transaction (an upload being deleted waits, or is gone).
  const [row] = await ctx.database.db.transaction(async (tx) => {
    await checkContent(tx, owner, content);
    return rowsIn<Row>(
      tx,
      sql`update moodboards m set title = ${content.title}, background = ${content.background},
        colours = ${JSON.stringify(content.colours)}::jsonb, items = ${JSON.stringify(content.items)}::jsonb, version = m.version + 1, updated_at = now()
      where m.id = ${id} and ${ownedBy(owner, "m")} ${content.coll ? sql`and m.collection_id = ${content.coll}` : sql``} and m.version = ${content.version}
      returning ${columns}`,
    );
  });
  if (row) return full(row);
  const [exists] = await ctx.database.rows<{ id: string }>(
    sql`select m.id from moodboards m where m.id = ${id} and ${ownedBy(owner, "m")} ${content.coll ? sql`and m.collection_id = ${content.coll}` : sql``}`,
  );
  if (!exists) throw notFoundForViewer();
  throw new WorkspaceError("conflict", "moodboard.error.stale");
}

export async function deleteMoodboard(ctx: ServiceContext, id: string, collectionId?: string): Promise<void> {
  const owner = ownerOf(ctx);
  const rows = await ctx.database.rows<{ id: string }>(
    sql`delete from moodboards m where m.id = ${id} and ${ownedBy(owner, "m")} ${collectionId ? sql`and m.collection_id = ${collectionId}` : sql``} returning m.id`,
  );
  if (!rows.length) throw notFoundForViewer();
}
