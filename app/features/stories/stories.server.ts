import { sql, type SQL } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import type { Db } from "~/.server/db";
import { notFoundForViewer, ownedBy, recordVisible } from "~/.server/access";
import { getCards, toTextArray } from "~/features/records/index.server";
import { iso, newId, ownerOf, publishedSlug, rowsIn, WorkspaceError, type Exec } from "~/features/workspace/index.server";
import type { ItemRef } from "~/features/workspace";
import { ownUploads, registerPublishedUse } from "~/features/workspace/index.server";
import { sanitizeStoryHtml } from "./sanitize.server";
import {
  BlocksSchema,
  storyRefs,
  storyUploads,
  type Block,
  type StoryPoint,
  type StorySummary,
  type StoryView,
  type ViewBlock,
} from "./stories";

/**
 * Stories (issue 15 §3–§5, decision 064): the only place their SQL lives. Every statement on a story names
 * its owner inside the WHERE (`owned`): another user's story — or a story in another user's collection —
 * is not found, exactly like a missing id. Saves carry the version read; a stale one is a conflict (409).
 * The published page reads through `public` and the published slug only, and shows the records the viewer
 * may see (the catalogue's access predicate), counting the others.
 */

// An upload shown by a published story may be read by anyone while the story is public (uploads are otherwise
// their owner's only).
registerPublishedUse(async (database, url) => {
  const rows = await database.rows<{ n: number }>(
    sql`select 1 as n from stories s where s.public and s.blocks @> ${JSON.stringify([{ url }])}::jsonb limit 1`,
  );
  return rows.length > 0;
});

const owned = (ctx: ServiceContext, alias = "s"): SQL => ownedBy(ownerOf(ctx), alias);

/** Stories one user may keep (WORKSPACE_MAX_STORIES, default 500), read at each call. */
export function storyLimit() {
  const n = Number(process.env.WORKSPACE_MAX_STORIES);
  return Number.isInteger(n) && n > 0 ? n : 500;
}

type StoryRow = {
  id: string;
  collection_id: string;
  title: string;
  blocks: unknown;
  public: boolean;
  published_slug: string | null;
  published_at: string | Date | null;
  version: number;
  created_at: string | Date;
  updated_at: string | Date;
};

const columns = sql`s.id, s.collection_id, s.title, s.blocks, s.public, s.published_slug, s.published_at, s.version, s.created_at, s.updated_at`;

/** Stored blocks, read back through the schema (a block that no longer parses is left out, never trusted). */
function storedBlocks(raw: unknown): Block[] {
  const list = typeof raw === "string" ? (JSON.parse(raw) as unknown) : raw;
  if (!Array.isArray(list)) return [];
  const parsed = BlocksSchema.safeParse(list);
  if (parsed.success) return parsed.data;
  return list.flatMap((b) => {
    const one = BlocksSchema.safeParse([b]);
    return one.success ? one.data : [];
  });
}

/** Blocks as stored: rich text sanitised, empty text blocks kept (the writer may still be filling them). */
function cleanBlocks(blocks: Block[]): Block[] {
  return blocks.map((b) => (b.type === "text" ? { ...b, html: sanitizeStoryHtml(b.html) } : b));
}

async function summaries(ctx: ServiceContext, rows: StoryRow[]): Promise<StorySummary[]> {
  const images = (blocks: Block[]) => blocks.filter((b): b is Extract<Block, { type: "image" }> => b.type === "image");
  const parsed = rows.map((r) => storedBlocks(r.blocks));
  const refs = parsed.flatMap((bs) => images(bs).flatMap((b) => (b.record ? [b.record] : [])));
  const cards = new Map((await getCards(ctx, refs)).map((c) => [`${c.table}/${c.id}`, c]));
  // The cover: the first image this viewer may see (a record's picture, or an upload).
  const coverOf = (bs: Block[]) => {
    for (const b of images(bs)) {
      if (b.url) return b.url;
      const card = cards.get(`${b.record!.table}/${b.record!.id}`);
      const src = card?.url.medium ?? card?.url.thumbnail;
      if (src) return src;
    }
    return null;
  };
  return rows.map((r, i) => {
    return {
      id: r.id,
      collectionId: r.collection_id,
      title: r.title,
      public: r.public,
      publishedSlug: r.published_slug,
      publishedAt: r.published_at ? iso(r.published_at) : null,
      version: Number(r.version),
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      blockCount: parsed[i]!.length,
      cover: coverOf(parsed[i]!),
    };
  });
}

/** Where each visible record of the list lies: its own coordinates, else its first visible related place. */
async function pointsOf(ctx: ServiceContext, refs: ItemRef[]): Promise<Map<string, { lat: number; lng: number }>> {
  if (!refs.length) return new Map();
  const rows = await ctx.database.rows<{ table_name: string; id: string; plat: number; plng: number }>(sql`
    select r.table_name, r.id, coalesce(r.lat, pl.lat) as plat, coalesce(r.lng, pl.lng) as plng from records r
    left join lateral (
      select pr.lat, pr.lng from relations x join records pr on pr.table_name = x.to_table and pr.id = x.to_id
      where x.from_uid = r.uid and pr.table_name = 'ca_places' and pr.lat is not null and ${recordVisible(ctx.viewer, "pr")}
      order by x.ord limit 1
    ) pl on r.lat is null
    where ${recordVisible(ctx.viewer, "r")} and coalesce(r.lat, pl.lat) is not null
      and (r.table_name, r.id) in (select * from unnest(${toTextArray(refs.map((x) => x.table))}, ${toTextArray(refs.map((x) => x.id))}))`);
  return new Map(rows.map((r) => [`${r.table_name}/${r.id}`, { lat: Number(r.plat), lng: Number(r.plng) }]));
}

/** A story with its blocks resolved for this viewer: cards of the records they may see, the map's points. */
async function view(ctx: ServiceContext, row: StoryRow): Promise<StoryView> {
  const [summary] = await summaries(ctx, [row]);
  const blocks = storedBlocks(row.blocks);
  const refs = storyRefs(blocks);
  const cards = new Map((await getCards(ctx, refs)).map((c) => [`${c.table}/${c.id}`, c]));
  const places = blocks.some((b) => b.type === "map") ? await pointsOf(ctx, refs) : new Map<string, { lat: number; lng: number }>();
  const viewBlocks: ViewBlock[] = blocks.map((b) =>
    b.type === "image" || b.type === "record"
      ? { ...b, card: b.record ? (cards.get(`${b.record.table}/${b.record.id}`) ?? null) : null }
      : b.type === "text"
        ? { ...b, html: sanitizeStoryHtml(b.html) }
        : b,
  );
  const points: StoryPoint[] = refs.flatMap((r) => {
    const k = `${r.table}/${r.id}`;
    const card = cards.get(k);
    const at = places.get(k);
    return card && at
      ? [
          {
            id: card.id,
            table: card.table,
            link: card.link,
            label: card.preferred_label,
            type: card.type?.name ?? null,
            date: card.dateDisplay,
            thumbnail: card.url.thumbnail,
            ...at,
          },
        ]
      : [];
  });
  return { ...summary!, blocks: viewBlocks, points, hidden: refs.filter((r) => !cards.has(`${r.table}/${r.id}`)).length };
}

/** One of the viewer's stories in one of their collections; anything else is not found. */
export async function getStory(ctx: ServiceContext, collectionId: string, id: string): Promise<StoryView> {
  const [row] = await ctx.database.rows<StoryRow>(
    sql`select ${columns} from stories s where s.id = ${id} and s.collection_id = ${collectionId} and ${owned(ctx)}`,
  );
  if (!row) throw notFoundForViewer();
  return view(ctx, row);
}

/** One of the viewer's stories by id alone (the JSON calls). */
export async function getOwnStory(ctx: ServiceContext, id: string): Promise<StoryView> {
  const [row] = await ctx.database.rows<StoryRow>(sql`select ${columns} from stories s where s.id = ${id} and ${owned(ctx)}`);
  if (!row) throw notFoundForViewer();
  return view(ctx, row);
}

/** The viewer's stories, newest first; of one of their collections when `collectionId` is given. */
export async function listStories(ctx: ServiceContext, collectionId?: string): Promise<StorySummary[]> {
  const rows = await ctx.database.rows<StoryRow>(
    sql`select ${columns} from stories s where ${owned(ctx)} ${collectionId ? sql`and s.collection_id = ${collectionId}` : sql``} order by s.created_at desc, s.id`,
  );
  return summaries(ctx, rows);
}

/** A published story for anyone: only while it is public; restricted records left out and counted. */
export async function getPublishedStory(ctx: ServiceContext, slug: string): Promise<StoryView> {
  const [row] = await ctx.database.rows<StoryRow>(sql`select ${columns} from stories s where s.published_slug = ${slug} and s.public`);
  if (!row) throw notFoundForViewer();
  return view(ctx, row);
}

/** Published stories, newest publication first. */
export async function listPublishedStories(ctx: ServiceContext, limit = 100): Promise<StorySummary[]> {
  const rows = await ctx.database.rows<StoryRow>(
    sql`select ${columns} from stories s where s.public order by s.published_at desc nulls last, s.id limit ${limit}`,
  );
  return summaries(ctx, rows);
}

/** Only records the writer may see can go into a story (the others do not exist for them). */
async function checkVisible(ctx: ServiceContext, tx: Exec, blocks: Block[]) {
  const refs = storyRefs(blocks);
  if (!refs.length) return;
  const rows = await rowsIn<{ k: string }>(
    tx,
    sql`select r.table_name || '/' || r.id as k from records r where ${recordVisible(ctx.viewer, "r")}
        and (r.table_name, r.id) in (select * from unnest(${toTextArray(refs.map((x) => x.table))}, ${toTextArray(refs.map((x) => x.id))}))`,
  );
  const seen = new Set(rows.map((r) => r.k));
  if (refs.some((r) => !seen.has(`${r.table}/${r.id}`))) throw new WorkspaceError("invalid", "workspace.error.item");
}

/** Only the writer's own uploads can go into a story. */
async function checkUploads(ctx: ServiceContext, tx: Exec, blocks: Block[]) {
  if (!(await ownUploads(tx, ownerOf(ctx), storyUploads(blocks)))) throw new WorkspaceError("invalid", "stories.error.upload");
}

const inTx = <T>(ctx: ServiceContext, fn: (tx: Db) => Promise<T>) => ctx.database.db.transaction(fn);

/** Creates a story in one of the viewer's collections (another user's collection is not found). */
export async function createStory(
  ctx: ServiceContext,
  collectionId: string,
  input: { title: string; blocks?: Block[] },
): Promise<StoryView> {
  const owner = ownerOf(ctx);
  const id = newId();
  const blocks = cleanBlocks(input.blocks ?? []);
  await inTx(ctx, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stories:${owner}`}))`);
    const [{ n }] = (await rowsIn<{ n: number }>(tx, sql`select count(*)::int as n from stories s where ${owned(ctx)}`)) as [{ n: number }];
    const max = storyLimit();
    if (Number(n) >= max) throw new WorkspaceError("limit", "stories.error.limit", { max });
    await checkVisible(ctx, tx, blocks);
    await checkUploads(ctx, tx, blocks);
    const made = await rowsIn<{ id: string }>(
      tx,
      sql`insert into stories (id, collection_id, owner_id, title, blocks)
          select ${id}, c.id, ${owner}::uuid, ${input.title}, ${JSON.stringify(blocks)}::jsonb from collections c
          where c.id = ${collectionId} and ${ownedBy(owner, "c")} returning id`,
    );
    if (!made.length) throw notFoundForViewer();
  });
  return getOwnStory(ctx, id);
}

export type StoryChanges = { title?: string; blocks?: Block[]; version?: number; public?: boolean };

/**
 * Saves a story: title and blocks with the version read (another save since then: 409, nothing changed),
 * and/or publishes or withdraws it. The published address is made once and kept.
 */
export async function updateStory(ctx: ServiceContext, id: string, changes: StoryChanges): Promise<StoryView> {
  await inTx(ctx, async (tx) => {
    const [row] = await rowsIn<{ version: number; title: string; published_slug: string | null }>(
      tx,
      sql`select s.version, s.title, s.published_slug from stories s where s.id = ${id} and ${owned(ctx)} for update`,
    );
    if (!row) throw notFoundForViewer();
    if (changes.version !== undefined && Number(row.version) !== changes.version)
      throw new WorkspaceError("conflict", "stories.error.stale");
    const sets: SQL[] = [];
    if (changes.title !== undefined) sets.push(sql`title = ${changes.title}`);
    if (changes.blocks !== undefined) {
      const blocks = cleanBlocks(changes.blocks);
      await checkVisible(ctx, tx, blocks);
      await checkUploads(ctx, tx, blocks);
      sets.push(sql`blocks = ${JSON.stringify(blocks)}::jsonb`);
    }
    if (changes.public !== undefined) {
      sets.push(sql`public = ${changes.public}`);
      if (changes.public) sets.push(sql`published_at = now()`);
      if (changes.public && !row.published_slug) sets.push(sql`published_slug = ${publishedSlug(changes.title ?? row.title)}`);
    }
    if (!sets.length) return;
    await tx.execute(
      sql`update stories s set ${sql.join(sets, sql`, `)}, version = s.version + 1, updated_at = now() where s.id = ${id} and ${owned(ctx)}`,
    );
  });
  return getOwnStory(ctx, id);
}

/** Deletes one of the viewer's stories. */
export async function deleteStory(ctx: ServiceContext, id: string): Promise<void> {
  const gone = await ctx.database.rows<{ id: string }>(sql`delete from stories s where s.id = ${id} and ${owned(ctx)} returning s.id`);
  if (!gone.length) throw notFoundForViewer();
}

/**
 * The published stories of these slugs, in their order (the home page's choice, decision 116): a story
 * withdrawn since is left out, so unpublishing takes it off the home page at once.
 */
export async function publishedStoriesBySlug(ctx: ServiceContext, slugs: string[]): Promise<StorySummary[]> {
  if (!slugs.length) return [];
  const rows = await ctx.database.rows<StoryRow>(
    sql`select ${columns} from stories s where s.public and s.published_slug = any(${toTextArray(slugs)})`,
  );
  const order = new Map(slugs.map((s, i) => [s, i]));
  return summaries(
    ctx,
    rows.sort((a, b) => order.get(a.published_slug!)! - order.get(b.published_slug!)!),
  );
}

/**
 * Which of these slugs name a story public now, the rows locked until the commit (a withdrawal waits, then
 * sees the home page): what the home page's save may add (decision 116). A helper inside a save's transaction.
 */
export async function publicStorySlugs(tx: Exec, slugs: string[]): Promise<Set<string>> {
  if (!slugs.length) return new Set();
  const rows = await rowsIn<{ slug: string }>(
    tx,
    sql`select s.published_slug as slug from stories s where s.public and s.published_slug = any(${toTextArray(slugs)}) for share`,
  );
  return new Set(rows.map((r) => r.slug));
}
