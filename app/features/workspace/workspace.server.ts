import { sql, type SQL } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import type { Db } from "~/.server/db";
import { notFoundForViewer, ownedBy, recordVisible, Refusal } from "~/.server/access";
import { getCards, toTextArray } from "~/features/records/index.server";
import type { RecordCard } from "~/lib/record-types";
import { pinKey, type CollectionRole, type CollectionSummary, type ItemRef, type PinState } from "./workspace";
import { iso, newId, ownerOf, publishedSlug, rowsIn, sha256, WorkspaceError, type Exec } from "./common.server";

export { WorkspaceError, type WorkspaceErrorCode } from "./common.server";

/**
 * The personal workspace's collections (issue 15, decision 060): the only place their SQL lives. Every
 * statement names the owner inside its WHERE (`owned`): another user's collection is not found, exactly like
 * a missing id, and nothing is read before that check. The published page reads through `public` and a
 * published slug only, and shows the records the viewer may see (the catalogue's access predicate).
 */

/** Per-user limits, read from the environment at each call (so a change needs no code). */
export function workspaceLimits() {
  const num = (v: string | undefined, d: number) => {
    const n = Number(v);
    return v && Number.isInteger(n) && n > 0 ? n : d;
  };
  return {
    /** Collections one user may keep (WORKSPACE_MAX_COLLECTIONS, default 200). */
    collections: num(process.env.WORKSPACE_MAX_COLLECTIONS, 200),
    /** Records in one collection (WORKSPACE_MAX_ITEMS, default 1000: spec §9's collection-linked fetch limit). */
    items: num(process.env.WORKSPACE_MAX_ITEMS, 1000),
  };
}

/** The ownership predicate every statement carries. */
export const owned = (ctx: ServiceContext, alias = "c"): SQL => ownedBy(ownerOf(ctx), alias);

/** The viewer as shares name them (decision 067: by user id, whatever their address now), unless disabled. */
const viewerUser = (ctx: ServiceContext): SQL => sql`(select u.id from users u where u.id = ${ownerOf(ctx)}::uuid and not u.disabled)`;

/** A share of collection `alias` with the viewer (any role, or only these). */
const sharedWith = (ctx: ServiceContext, alias: string, roles?: string[]): SQL =>
  sql`exists (select 1 from collection_shares s where s.collection_id = ${sql.identifier(alias)}.id and s.user_id = ${viewerUser(ctx)}
    ${
      roles
        ? sql`and s.role in (${sql.join(
            roles.map((r) => sql`${r}`),
            sql`, `,
          )})`
        : sql``
    })`;

/** The viewer owns the collection or it is shared with them (reading). */
const readable = (ctx: ServiceContext, alias = "c"): SQL => sql`(${owned(ctx, alias)} or ${sharedWith(ctx, alias)})`;

/** The viewer owns the collection or edits it by a share (adding, removing, reordering items). */
const editable = (ctx: ServiceContext, alias = "c"): SQL => sql`(${owned(ctx, alias)} or ${sharedWith(ctx, alias, ["editor"])})`;

/** The viewer's role on collection `c` and, when it is someone else's, the owner's name (else their address). */
const roleColumns = (ctx: ServiceContext): SQL => sql`,
  case when ${owned(ctx)} then 'owner' else coalesce((select s.role from collection_shares s where s.collection_id = c.id and s.user_id = ${viewerUser(ctx)}
    order by s.role = 'editor' desc limit 1), 'reader') end as role,
  case when ${owned(ctx)} then null else (select coalesce(nullif(trim(o.first_name || ' ' || o.last_name), ''), o.email) from users o where o.id = c.owner_id) end as owner_name`;

/** The columns of a view for someone who only reads it (a published page, a secret link). */
const readerColumns = sql`, 'reader' as role, null::text as owner_name`;

type SummaryRow = {
  id: string;
  title: string;
  public: boolean;
  published_slug: string | null;
  published_at: string | Date | null;
  version: number;
  created_at: string | Date;
  updated_at: string | Date;
  cover_table: string | null;
  cover_id: string | null;
  first_table: string | null;
  first_id: string | null;
  count: number;
  role: CollectionRole;
  owner_name: string | null;
};

const summarySelect = (extra: SQL) => sql`
  select c.id, c.title, c.public, c.published_slug, c.published_at, c.version, c.created_at, c.updated_at, c.cover_table, c.cover_id,
    (select count(*) from collection_items i where i.collection_id = c.id)::int as count,
    f.record_table as first_table, f.record_id as first_id ${extra}
  from collections c
  left join lateral (
    select record_table, record_id from collection_items i where i.collection_id = c.id order by i.position, i.record_table, i.record_id limit 1
  ) f on true`;

/** Summaries with their cover images, as this viewer may see them (a cover the viewer may not see is left out). */
async function summaries(ctx: ServiceContext, rows: SummaryRow[]): Promise<CollectionSummary[]> {
  const coverRef = (r: SummaryRow) =>
    r.cover_table && r.cover_id
      ? { table: r.cover_table, id: r.cover_id }
      : r.first_table && r.first_id
        ? { table: r.first_table, id: r.first_id }
        : null;
  const refs = rows.map(coverRef).filter((r): r is ItemRef => r !== null);
  const cards = new Map((await getCards(ctx, refs)).map((c) => [pinKey(c), c]));
  return rows.map((r) => {
    const ref = coverRef(r);
    const card = ref ? cards.get(pinKey(ref)) : undefined;
    return {
      id: r.id,
      title: r.title,
      count: Number(r.count),
      cover: { url: card?.url.medium ?? card?.url.thumbnail ?? null, table: card ? card.table : null, id: card ? card.id : null },
      public: r.public,
      publishedSlug: r.published_slug,
      version: Number(r.version),
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      role: r.role,
      sharedBy: r.role === "owner" ? null : r.owner_name,
    };
  });
}

/**
 * The viewer's collections, newest first (the first is the current one when none is chosen, spec §4), then
 * those shared with them (decision 061), newest first.
 */
export async function listCollections(ctx: ServiceContext): Promise<CollectionSummary[]> {
  const rows = await ctx.database.rows<SummaryRow>(
    sql`${summarySelect(roleColumns(ctx))} where ${readable(ctx)} order by (${owned(ctx)}) desc, c.created_at desc, c.id`,
  );
  return summaries(ctx, rows);
}

export type CollectionView = CollectionSummary & {
  items: RecordCard[];
  /** Items this viewer may not see (or no longer in the catalogue): counted, never named. */
  hidden: number;
};

async function withItems(ctx: ServiceContext, row: SummaryRow): Promise<CollectionView> {
  const [summary] = await summaries(ctx, [row]);
  const refs = await ctx.database.rows<{ record_table: string; record_id: string }>(
    sql`select record_table, record_id from collection_items where collection_id = ${row.id} order by position, record_table, record_id`,
  );
  const items = await getCards(
    ctx,
    refs.map((r) => ({ table: r.record_table, id: r.record_id })),
  );
  // A cover this viewer may not see gives way to the first image they may.
  const shown = items.find((c) => c.url.medium || c.url.thumbnail);
  const cover =
    summary!.cover.url || !shown ? summary!.cover : { url: shown.url.medium ?? shown.url.thumbnail, table: shown.table, id: shown.id };
  return { ...summary!, cover, items, hidden: refs.length - items.length };
}

/**
 * One of the viewer's collections, or one shared with them, with its items as cards (records filtered by
 * the viewer's own access); anyone else's is not found.
 */
export async function getCollection(ctx: ServiceContext, id: string): Promise<CollectionView> {
  const [row] = await ctx.database.rows<SummaryRow>(sql`${summarySelect(roleColumns(ctx))} where c.id = ${id} and ${readable(ctx)}`);
  if (!row) throw notFoundForViewer();
  return withItems(ctx, row);
}

/**
 * A published collection for anyone (`/public/collections/{slug}`): only while it is public. Restricted
 * records are left out for viewers without access; `hidden` says how many.
 */
export async function getPublishedCollection(ctx: ServiceContext, slug: string): Promise<CollectionView & { publishedAt: string | null }> {
  const [row] = await ctx.database.rows<SummaryRow>(sql`${summarySelect(readerColumns)} where c.published_slug = ${slug} and c.public`);
  if (!row) throw notFoundForViewer();
  const view = await withItems(ctx, row);
  return { ...view, publishedAt: row.published_at ? iso(row.published_at) : null };
}

/** Published collections, newest publication first (the public getDocs listing). */
export async function listPublished(ctx: ServiceContext, limit = 100): Promise<CollectionSummary[]> {
  const rows = await ctx.database.rows<SummaryRow>(
    sql`${summarySelect(readerColumns)} where c.public order by c.published_at desc nulls last, c.id limit ${limit}`,
  );
  return summaries(ctx, rows);
}

/** One entry of the published collections' index: what a visitor sees of it. */
export type PublishedCollectionEntry = {
  slug: string;
  title: string;
  /** The records of it this viewer may see (the others are not counted). */
  count: number;
  cover: string | null;
  publishedAt: string | null;
};

/** A page of the published collections' index. */
export type PublishedCollectionsPage = { items: PublishedCollectionEntry[]; total: number; page: number; pageSize: number };

/**
 * The index of published collections (`/public/collections`, issue 31): those public now whose owner's account
 * is active (a disabled user's publications leave the index), newest publication first, one page. The count
 * and the cover are what this viewer may see of each (the catalogue's access predicate).
 */
export async function listPublishedCollections(
  ctx: ServiceContext,
  query: { page: number; pageSize: number },
): Promise<PublishedCollectionsPage> {
  const listed = sql`c.public and c.published_slug is not null
    and exists (select 1 from users u where u.id = c.owner_id and not u.disabled)`;
  const [{ n } = { n: 0 }] = await ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from collections c where ${listed}`);
  const rows = await ctx.database.rows<SummaryRow>(
    sql`${summarySelect(readerColumns)} where ${listed}
        order by c.published_at desc nulls last, c.id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const ids = rows.map((r) => r.id);
  const visible = new Map(
    ids.length
      ? (
          await ctx.database.rows<{ id: string; n: number }>(
            sql`select i.collection_id as id, count(*)::int as n from collection_items i
                join records r on r.table_name = i.record_table and r.id = i.record_id and ${recordVisible(ctx.viewer, "r")}
                where i.collection_id = any(${toTextArray(ids)}) group by i.collection_id`,
          )
        ).map((r) => [r.id, Number(r.n)])
      : [],
  );
  const published = new Map(rows.map((r) => [r.id, r.published_at ? iso(r.published_at) : null]));
  const items = (await summaries(ctx, rows)).map((c) => ({
    slug: c.publishedSlug!,
    title: c.title,
    count: visible.get(c.id) ?? 0,
    cover: c.cover.url,
    publishedAt: published.get(c.id) ?? null,
  }));
  return { items, total: Number(n), page: query.page, pageSize: query.pageSize };
}

/**
 * The collection row, locked for this transaction, when the viewer may do `need` to it: `owner` (rename,
 * cover, publish, share, delete) or `edit` (add, remove, reorder items; make it current). Someone it is not
 * shared with gets not-found; a shared user without the right gets forbidden (they know it exists).
 */
export async function lockCollection(ctx: ServiceContext, tx: Exec, id: string, need: "owner" | "edit" = "owner") {
  const [row] = await rowsIn<{
    id: string;
    title: string;
    cover_table: string | null;
    cover_id: string | null;
    published_slug: string | null;
    owner: boolean;
    editor: boolean;
  }>(
    tx,
    sql`select c.id, c.title, c.cover_table, c.cover_id, c.published_slug, ${owned(ctx)} as owner, ${editable(ctx)} as editor
        from collections c where c.id = ${id} and ${readable(ctx)} for update`,
  );
  if (!row) throw notFoundForViewer();
  if (need === "owner" ? !row.owner : !row.editor)
    throw new Refusal(403, need === "owner" ? "workspace.share.error.ownerOnly" : "workspace.share.error.readOnly");
  return row;
}

const uniqueRefs = (refs: ItemRef[]) => {
  const seen = new Set<string>();
  return refs.filter((r) => (seen.has(pinKey(r)) ? false : (seen.add(pinKey(r)), true)));
};

const refArrays = (refs: ItemRef[]) => ({ tables: toTextArray(refs.map((r) => r.table)), ids: toTextArray(refs.map((r) => r.id)) });

/**
 * Adds records at the top (spec §9: new items get order -1), skipping those already in; only records the
 * viewer may see can be added. The first item of an empty collection becomes its cover (spec §4).
 */
async function addIn(ctx: ServiceContext, tx: Exec, id: string, refs: ItemRef[]): Promise<number> {
  const col = await lockCollection(ctx, tx, id, "edit");
  const wanted = uniqueRefs(refs);
  if (!wanted.length) return 0;
  // Visibility first: a record the viewer may not see is refused whether or not the collection holds it, so
  // adding cannot tell a shared editor which restricted records are in it.
  const { tables, ids } = refArrays(wanted);
  const visible = new Set(
    (
      await rowsIn<{ table_name: string; id: string }>(
        tx,
        sql`select r.table_name, r.id from records r where ${recordVisible(ctx.viewer, "r")}
            and (r.table_name, r.id) in (select * from unnest(${tables}, ${ids}))`,
      )
    ).map((r) => pinKey({ table: r.table_name, id: r.id })),
  );
  if (wanted.some((r) => !visible.has(pinKey(r)))) throw new WorkspaceError("invalid", "workspace.error.item");
  const present = new Set(
    (
      await rowsIn<{ record_table: string; record_id: string }>(
        tx,
        sql`select record_table, record_id from collection_items where collection_id = ${id}
            and (record_table, record_id) in (select * from unnest(${tables}, ${ids}))`,
      )
    ).map((r) => pinKey({ table: r.record_table, id: r.record_id })),
  );
  const fresh = wanted.filter((r) => !present.has(pinKey(r)));
  if (!fresh.length) return 0;
  const f = refArrays(fresh);
  const [{ n, low }] = (await rowsIn<{ n: number; low: number | null }>(
    tx,
    sql`select count(*)::int as n, min(position) as low from collection_items where collection_id = ${id}`,
  )) as [{ n: number; low: number | null }];
  const max = workspaceLimits().items;
  if (Number(n) + fresh.length > max) throw new WorkspaceError("limit", "workspace.error.itemLimit", { max });
  // The first of the added records ends on top, the others after it in the order given.
  const top = (low ?? 0) - fresh.length;
  const positions = `{${fresh.map((_, i) => top + i).join(",")}}`;
  await tx.execute(sql`
    insert into collection_items (collection_id, record_table, record_id, position)
    select ${id}, t, i, p from unnest(${f.tables}, ${f.ids}, ${positions}::int[]) as x(t, i, p)`);
  const cover = !col.cover_table && Number(n) === 0 ? fresh[0]! : null;
  await tx.execute(sql`update collections set version = version + 1, updated_at = now()
    ${cover ? sql`, cover_table = ${cover.table}, cover_id = ${cover.id}` : sql``} where id = ${id}`);
  return fresh.length;
}

async function removeIn(ctx: ServiceContext, tx: Exec, id: string, refs: ItemRef[]): Promise<number> {
  const col = await lockCollection(ctx, tx, id, "edit");
  const wanted = uniqueRefs(refs);
  if (!wanted.length) return 0;
  const { tables, ids } = refArrays(wanted);
  const gone = await rowsIn<{ record_table: string; record_id: string }>(
    tx,
    // only records the viewer sees: one hidden from a shared editor is neither removed nor confirmed by trying
    sql`delete from collection_items ci where ci.collection_id = ${id} and (ci.record_table, ci.record_id) in (select * from unnest(${tables}, ${ids}))
        and exists (select 1 from records r where r.table_name = ci.record_table and r.id = ci.record_id and ${recordVisible(ctx.viewer, "r")})
        returning ci.record_table, ci.record_id`,
  );
  if (!gone.length) return 0;
  // A removed cover falls back to the first remaining item's image.
  const coverGone = col.cover_table !== null && gone.some((r) => r.record_table === col.cover_table && r.record_id === col.cover_id);
  await tx.execute(sql`update collections set version = version + 1, updated_at = now()
    ${coverGone ? sql`, cover_table = null, cover_id = null` : sql``} where id = ${id}`);
  return gone.length;
}

/**
 * Moves one item to `to` (0 = first), `by` places, or to where the item `over` is (a drag's drop: it lands just
 * before or after that one, wherever records the viewer cannot see sit); the others keep their order.
 */
async function moveIn(ctx: ServiceContext, tx: Exec, id: string, ref: ItemRef, where: { to?: number; by?: number; over?: ItemRef }) {
  await lockCollection(ctx, tx, id, "edit");
  const list = await rowsIn<{ record_table: string; record_id: string; visible: boolean }>(
    tx,
    sql`select ci.record_table, ci.record_id, (r.uid is not null) as visible from collection_items ci
      left join records r on r.table_name = ci.record_table and r.id = ci.record_id and ${recordVisible(ctx.viewer, "r")}
      where ci.collection_id = ${id} order by ci.position, ci.record_table, ci.record_id`,
  );
  // the moved item and the one dropped on must be records this viewer sees: a hidden one answers as a missing
  // one, so a shared editor cannot learn which restricted records the collection holds
  const at = (r: ItemRef) => list.findIndex((x) => x.visible && x.record_table === r.table && x.record_id === r.id);
  const from = at(ref);
  const over = where.over ? at(where.over) : -1;
  if (from < 0 || (where.over && over < 0)) throw new Refusal(404, "workspace.error.notInCollection");
  const [moved] = list.splice(from, 1);
  const to = Math.max(0, Math.min(where.over ? over : (where.to ?? from + (where.by ?? 0)), list.length));
  list.splice(to, 0, moved!);
  const { tables, ids } = refArrays(list.map((r) => ({ table: r.record_table as ItemRef["table"], id: r.record_id })));
  const positions = `{${list.map((_, i) => i).join(",")}}`;
  await tx.execute(sql`
    update collection_items ci set position = x.p
    from unnest(${tables}, ${ids}, ${positions}::int[]) as x(t, i, p)
    where ci.collection_id = ${id} and ci.record_table = x.t and ci.record_id = x.i`);
  await tx.execute(sql`update collections set version = version + 1, updated_at = now() where id = ${id}`);
}

async function coverIn(ctx: ServiceContext, tx: Exec, id: string, ref: ItemRef) {
  await lockCollection(ctx, tx, id, "owner");
  const [item] = await rowsIn<{ n: number }>(
    tx,
    sql`select 1 as n from collection_items where collection_id = ${id} and record_table = ${ref.table} and record_id = ${ref.id}`,
  );
  if (!item) throw new WorkspaceError("invalid", "workspace.error.coverNotItem");
  await tx.execute(
    sql`update collections set cover_table = ${ref.table}, cover_id = ${ref.id}, version = version + 1, updated_at = now() where id = ${id}`,
  );
}

async function renameIn(ctx: ServiceContext, tx: Exec, id: string, title: string, version?: number) {
  await lockCollection(ctx, tx, id, "owner");
  const done = await rowsIn<{ id: string }>(
    tx,
    sql`update collections c set title = ${title}, version = version + 1, updated_at = now()
        where c.id = ${id} and ${owned(ctx)} ${version !== undefined ? sql`and c.version = ${version}` : sql``} returning c.id`,
  );
  if (!done.length) throw new WorkspaceError("conflict", "workspace.error.stale");
}

async function publishIn(ctx: ServiceContext, tx: Exec, id: string, on: boolean) {
  const col = await lockCollection(ctx, tx, id, "owner");
  const slug = on && !col.published_slug ? publishedSlug(col.title) : null;
  await tx.execute(sql`update collections set public = ${on}, version = version + 1, updated_at = now()
    ${slug ? sql`, published_slug = ${slug}` : sql``} ${on ? sql`, published_at = now()` : sql``} where id = ${id}`);
}

async function setCurrentIn(ctx: ServiceContext, tx: Exec, id: string | null) {
  if (id) await lockCollection(ctx, tx, id, "edit");
  await tx.execute(sql`insert into workspace_prefs (user_id, current_collection_id) values (${ownerOf(ctx)}::uuid, ${id})
    on conflict (user_id) do update set current_collection_id = excluded.current_collection_id, updated_at = now()`);
}

const inTx = <T>(ctx: ServiceContext, fn: (tx: Db) => Promise<T>) => ctx.database.db.transaction(fn);

export type CollectionChanges = {
  title?: string;
  version?: number;
  public?: boolean;
  cover?: ItemRef;
  add?: ItemRef[];
  remove?: ItemRef[];
  move?: ItemRef & { to?: number; by?: number; over?: ItemRef };
  current?: boolean;
};

/**
 * Creates a collection (with its first items) and makes it the current one: the pin that asked for it, and
 * the next ones, go there (spec §4).
 */
export async function createCollection(ctx: ServiceContext, input: { title: string; items?: ItemRef[] }): Promise<CollectionView> {
  const owner = ownerOf(ctx);
  const id = newId();
  await inTx(ctx, async (tx) => {
    // Serialises one user's creations, so that two at once cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`collections:${owner}`}))`);
    const [{ n }] = (await rowsIn<{ n: number }>(tx, sql`select count(*)::int as n from collections c where ${owned(ctx)}`)) as [
      { n: number },
    ];
    const max = workspaceLimits().collections;
    if (Number(n) >= max) throw new WorkspaceError("limit", "workspace.error.collectionLimit", { max });
    await tx.execute(sql`insert into collections (id, owner_id, title) values (${id}, ${owner}::uuid, ${input.title})`);
    if (input.items?.length) await addIn(ctx, tx, id, input.items);
    await setCurrentIn(ctx, tx, id);
  });
  return getCollection(ctx, id);
}

/** Applies each change given, in one transaction, each one its own operation (decision 060). */
export async function updateCollection(ctx: ServiceContext, id: string, changes: CollectionChanges): Promise<CollectionView> {
  await inTx(ctx, async (tx) => {
    await lockCollection(ctx, tx, id, "edit");
    if (changes.title !== undefined) await renameIn(ctx, tx, id, changes.title, changes.version);
    if (changes.add?.length) await addIn(ctx, tx, id, changes.add);
    if (changes.remove?.length) await removeIn(ctx, tx, id, changes.remove);
    if (changes.move) await moveIn(ctx, tx, id, changes.move, changes.move);
    if (changes.cover) await coverIn(ctx, tx, id, changes.cover);
    if (changes.public !== undefined) await publishIn(ctx, tx, id, changes.public);
    if (changes.current) await setCurrentIn(ctx, tx, id);
  });
  return getCollection(ctx, id);
}

/** Deletes one of the viewer's collections with its items; if it was current, none is (spec §4). */
export async function deleteCollection(ctx: ServiceContext, id: string): Promise<void> {
  const gone = await ctx.database.rows<{ id: string }>(sql`delete from collections c where c.id = ${id} and ${owned(ctx)} returning c.id`);
  if (gone.length) return;
  // Someone it is shared with learns only that they may not (they know it exists); anyone else: not found.
  const [shared] = await ctx.database.rows<{ id: string }>(sql`select c.id from collections c where c.id = ${id} and ${readable(ctx)}`);
  throw shared ? new Refusal(403, "workspace.share.error.ownerOnly") : notFoundForViewer();
}

/** The pin toggle's state: the collections, the current one (chosen, else the first) and its records. */
export async function pinState(ctx: ServiceContext): Promise<PinState> {
  const collections = await listCollections(ctx);
  const [pref] = await ctx.database.rows<{ id: string | null }>(
    sql`select p.current_collection_id as id from workspace_prefs p where p.user_id = ${ownerOf(ctx)}::uuid`,
  );
  // Pins go only where the viewer may add: their own collections or those they edit by a share.
  const fillable = collections.filter((c) => c.role !== "reader");
  const current = fillable.find((c) => c.id === pref?.id) ?? fillable[0] ?? null;
  if (!current) return { current: null, pins: [], collections };
  const items = await ctx.database.rows<{ record_table: string; record_id: string }>(
    sql`select i.record_table, i.record_id from collection_items i join collections c on c.id = i.collection_id
        join records r on r.table_name = i.record_table and r.id = i.record_id and ${recordVisible(ctx.viewer, "r")}
        where i.collection_id = ${current.id} and ${editable(ctx)}`,
  );
  return {
    current: { id: current.id, title: current.title },
    pins: items.map((r) => pinKey({ table: r.record_table, id: r.record_id })),
    collections,
  };
}

/** The records of the current collection (the search page's `filtro=pin|Pin`). */
export async function currentPins(ctx: ServiceContext): Promise<ItemRef[]> {
  if (ctx.viewer.kind !== "user") return [];
  const state = await pinState(ctx);
  return state.pins.map((k) => {
    const at = k.indexOf("/");
    return { table: k.slice(0, at) as ItemRef["table"], id: k.slice(at + 1) };
  });
}

/** Chooses the current collection (null: none, the first then applies). */
export async function setCurrentCollection(ctx: ServiceContext, id: string | null): Promise<void> {
  await inTx(ctx, (tx) => setCurrentIn(ctx, tx, id));
}

/**
 * saveUser's pins (spec §7): each one added to the current collection, or removed with `pinned: false`,
 * de-duplicated by table and id. Without a collection nothing can be pinned: the caller opens the
 * new-collection drawer instead (spec §4).
 */
export async function savePins(
  ctx: ServiceContext,
  input: { pins?: (ItemRef & { pinned?: boolean })[]; current?: string | null },
): Promise<PinState> {
  if (input.current !== undefined) await setCurrentCollection(ctx, input.current);
  const pins = input.pins ?? [];
  if (pins.length) {
    const state = await pinState(ctx);
    if (!state.current) throw new WorkspaceError("invalid", "workspace.error.noCollection");
    const id = state.current.id;
    const add = pins.filter((p) => p.pinned !== false).map(({ table, id: rid }) => ({ table, id: rid }));
    const remove = pins.filter((p) => p.pinned === false).map(({ table, id: rid }) => ({ table, id: rid }));
    await inTx(ctx, async (tx) => {
      if (add.length) await addIn(ctx, tx, id, add);
      if (remove.length) await removeIn(ctx, tx, id, remove);
    });
  }
  return pinState(ctx);
}

/** The pin toggle: in the current collection it comes out, otherwise it goes in. */
export async function togglePin(
  ctx: ServiceContext,
  ref: ItemRef,
): Promise<{ status: "pinned" | "unpinned" | "noCollection"; state: PinState }> {
  const state = await pinState(ctx);
  if (!state.current) return { status: "noCollection", state };
  const pinned = state.pins.includes(pinKey(ref));
  const next = await savePins(ctx, { pins: [{ ...ref, pinned: !pinned }] });
  return { status: pinned ? "unpinned" : "pinned", state: next };
}

/**
 * A collection opened by its secret link (decision 061): read-only, for anyone holding the link, while the
 * link exists (not revoked) and has not expired — otherwise not found, exactly like a token never made.
 * Records are filtered by the viewer's own access (a visitor sees the public ones; the others are counted).
 */
export async function getCollectionByLink(ctx: ServiceContext, token: string): Promise<CollectionView & { expiresAt: string }> {
  const [row] = await ctx.database.rows<SummaryRow & { expires_at: string | Date }>(
    sql`${summarySelect(sql`${readerColumns}, l.expires_at`)}
        join collection_links l on l.collection_id = c.id
        join users o on o.id = c.owner_id and not o.disabled
        where l.token_hash = ${sha256(token)} and l.expires_at > now()`,
  );
  if (!row) throw notFoundForViewer();
  return { ...(await withItems(ctx, row)), expiresAt: iso(row.expires_at) };
}

/**
 * Bulk add from a search page's selection (decision 066): the records into one collection the viewer may
 * fill (theirs, or shared with them to edit), de-duplicated by table and id, in one transaction. All or
 * nothing: over the item limit nothing is added (`limit`, the bulk message); a record the viewer may not see
 * refuses the whole call. Answers how many went in and how many were already there.
 */
export async function addToCollection(
  ctx: ServiceContext,
  id: string,
  refs: ItemRef[],
): Promise<{ added: number; skipped: number; collection: CollectionSummary }> {
  const wanted = uniqueRefs(refs).length;
  let added: number;
  try {
    added = await inTx(ctx, (tx) => addIn(ctx, tx, id, refs));
  } catch (err) {
    if (err instanceof WorkspaceError && err.code === "limit") throw new WorkspaceError("limit", "workspace.error.bulkLimit", err.params);
    throw err;
  }
  const [row] = await ctx.database.rows<SummaryRow>(sql`${summarySelect(roleColumns(ctx))} where c.id = ${id} and ${readable(ctx)}`);
  if (!row) throw notFoundForViewer();
  const [collection] = await summaries(ctx, [row]);
  return { added, skipped: wanted - added, collection: collection! };
}
