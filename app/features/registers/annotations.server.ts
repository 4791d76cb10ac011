import { sql, type SQL } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import {
  annotationMediaVisible,
  annotationVisible,
  can,
  isOwner,
  mediaVisible,
  notFoundForViewer,
  recordVisible,
  Refusal,
  requireCapability,
} from "~/.server/access";
import { mediaUrl } from "~/.server/media";
import { audit } from "~/features/accounts/index.server";
import { getSiteOptions } from "~/features/site/index.server";
import { formatNumero } from "~/lib/format";
import { isTable, recordPath } from "~/lib/tables";
import {
  type AddAnnotation,
  type AnnotationEntry,
  type AnnotationsPage,
  type AnnotationsQuery,
  ANNOTATIONS_PAGE_SIZE,
  type AnnotationStatus,
  type AnnotationView,
  type ModerateAnnotation,
  type Region,
  type UpdateAnnotation,
} from "./annotations";

/**
 * Annotations (issue 32 §1, decision 097). A signed-in user's note on a record, optionally on a region of one of its
 * images, is private to its author until a curator (MANAGE_ANNOTATIONS) approves it; then it is shown with the record
 * to whoever may see the record. Who sees what is one SQL predicate (app/.server/access/annotations.ts) inside every
 * statement: a note the viewer may not see is not found, exactly like a missing id. Nothing works while the site's
 * option `annotations` is off. Managers read notes one by one (`annotation_reads`): the menu's dot is theirs.
 */

/** Whether the site's `annotations` option is on. */
export async function annotationsEnabled(ctx: Pick<ServiceContext, "database">): Promise<boolean> {
  return Boolean((await getSiteOptions(ctx, "it")).annotations);
}

async function requireEnabled(ctx: ServiceContext) {
  if (!(await annotationsEnabled(ctx))) throw new Refusal(404);
}

/** A signed-in user while the option is on: their id; anyone else the 404. */
async function requireAuthor(ctx: ServiceContext): Promise<string> {
  await requireEnabled(ctx);
  if (ctx.viewer.kind !== "user" || !ctx.viewer.userId) throw new Refusal(404);
  return ctx.viewer.userId;
}

/** MANAGE_ANNOTATIONS and the `annotations` option (spec §6: the menu entry's conditions), or the 404 anyone else gets. */
export async function requireAnnotations(ctx: ServiceContext): Promise<string> {
  const userId = requireCapability(ctx, "MANAGE_ANNOTATIONS");
  await requireEnabled(ctx);
  return userId;
}

/** Whether /annotazioni is open to this viewer (the menu entry): the same conditions, as a boolean. */
export async function annotationsOpen(ctx: ServiceContext): Promise<boolean> {
  if (!can(ctx.viewer, "MANAGE_ANNOTATIONS")) return false;
  return annotationsEnabled(ctx);
}

type Row = {
  id: number | string;
  body: string;
  locale: string;
  status: AnnotationStatus;
  reason: string | null;
  named: boolean;
  author_id: string;
  first_name: string;
  last_name: string;
  email: string;
  media_id: number | string | null;
  region: Region | string | null;
  thumbnail: string | null;
  large: string | null;
  width: number | null;
  height: number | null;
  created_at: string | Date;
  updated_at: string | Date;
  moderated_at: string | Date | null;
};

const iso = (v: string | Date) => new Date(v).toISOString();
const parseJson = <T>(v: T | string | null): T | null => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/** The columns every read selects: the note, its author, and its image when the viewer may see it. */
function noteColumns(ctx: ServiceContext): SQL {
  const seen = annotationMediaVisible(ctx.viewer, "m");
  return sql`a.id, a.body, a.locale, a.status, a.reason, a.named, a.author_id, u.first_name, u.last_name, u.email,
    case when ${seen} then m.id end as media_id, case when ${seen} then a.region end as region,
    case when ${seen} then m.thumbnail end as thumbnail, case when ${seen} then m.large end as large,
    case when ${seen} then m.width end as width, case when ${seen} then m.height end as height,
    a.created_at, a.updated_at, a.moderated_at`;
}

function toView(ctx: ServiceContext, r: Row): AnnotationView {
  const mine = isOwner(ctx.viewer, r.author_id);
  const curator = can(ctx.viewer, "MANAGE_ANNOTATIONS");
  const name = [r.first_name, r.last_name].filter(Boolean).join(" ") || (curator || mine ? r.email : "");
  const mediaId = r.media_id === null ? null : Number(r.media_id);
  return {
    id: Number(r.id),
    body: r.body,
    locale: r.locale,
    status: r.status,
    // The reason is the author's and the curators' to read.
    reason: mine || curator ? r.reason : null,
    named: r.named,
    // An unnamed note is "a researcher" to the public; its author and the curators know who wrote it.
    author: r.named || mine || curator ? { name, email: curator ? r.email : null } : null,
    mine,
    media:
      mediaId === null
        ? null
        : { id: mediaId, thumbnail: mediaUrl(r.thumbnail), large: mediaUrl(r.large), width: r.width, height: r.height },
    region: mediaId === null ? null : parseJson<Region>(r.region),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    moderatedAt: r.moderated_at ? iso(r.moderated_at) : null,
  };
}

/**
 * The notes of a record the viewer may see (the record page, `getAnnotations {record}`): approved ones, the
 * viewer's own in any state, every one for a curator; oldest first. None while the option is off, or on a record
 * the viewer may not see.
 */
export async function recordAnnotations(ctx: ServiceContext, record: { table: string; id: string }): Promise<AnnotationView[]> {
  if (!(await annotationsEnabled(ctx))) return [];
  const rows = await ctx.database.rows<Row>(sql`
    select ${noteColumns(ctx)}
    from annotations a join records r on r.uid = a.record_uid join users u on u.id = a.author_id
    left join media m on m.id = a.media_id and m.record_uid = a.record_uid
    where r.table_name = ${record.table} and r.id = ${record.id} and ${annotationVisible(ctx.viewer, "a", "r")}
    order by a.created_at, a.id`);
  return rows.map((r) => toView(ctx, r));
}

/** The record (visible to the viewer) a new note is on, and the image its region is on (an image of that record the viewer sees). */
async function target(ctx: ServiceContext, input: { table: string; id: string; media?: number | null }) {
  if (!isTable(input.table)) throw notFoundForViewer();
  const [rec] = await ctx.database.rows<{ uid: number | string }>(
    sql`select r.uid from records r where r.table_name = ${input.table} and r.id = ${input.id} and ${recordVisible(ctx.viewer, "r")}`,
  );
  if (!rec) throw notFoundForViewer();
  const uid = Number(rec.uid);
  if (input.media) await ownImage(ctx, uid, input.media);
  return uid;
}

/** The image `mediaId` is one of record `uid`'s images the viewer may see; else not found. */
async function ownImage(ctx: ServiceContext, uid: number, mediaId: number) {
  const [m] = await ctx.database.rows<{ id: number }>(
    sql`select m.id from media m where m.id = ${mediaId} and m.record_uid = ${uid} and m.media_type = 'image' and ${mediaVisible(ctx.viewer, "m")}`,
  );
  if (!m) throw notFoundForViewer();
}

/** A signed-in user's new note, pending until a curator approves it. Returns it as its author sees it. */
export async function addAnnotation(ctx: ServiceContext, input: AddAnnotation): Promise<AnnotationView> {
  const userId = await requireAuthor(ctx);
  const uid = await target(ctx, input);
  const region = input.media && input.region ? JSON.stringify(input.region) : null;
  const [row] = await ctx.database.rows<{ id: number | string }>(sql`
    insert into annotations (record_uid, media_id, region, body, locale, author_id, named)
    values (${uid}, ${input.media ?? null}, ${region}::jsonb, ${input.body}, ${ctx.locale}, ${userId}::uuid, ${input.named})
    returning id`);
  return (await oneNote(ctx, Number(row!.id)))!;
}

async function oneNote(ctx: ServiceContext, id: number): Promise<AnnotationView | null> {
  const [row] = await ctx.database.rows<Row>(sql`
    select ${noteColumns(ctx)}
    from annotations a join records r on r.uid = a.record_uid join users u on u.id = a.author_id
    left join media m on m.id = a.media_id and m.record_uid = a.record_uid
    where a.id = ${id} and ${annotationVisible(ctx.viewer, "a", "r")}`);
  return row ? toView(ctx, row) : null;
}

/**
 * The author's change of their own note: whatever its state, it is pending again (an approved note is read
 * again by a curator before the public sees the change), its rejection reason cleared.
 */
export async function updateAnnotation(ctx: ServiceContext, input: UpdateAnnotation): Promise<AnnotationView> {
  const userId = await requireAuthor(ctx);
  const [own] = await ctx.database.rows<{ record_uid: number | string }>(sql`
    select a.record_uid from annotations a join records r on r.uid = a.record_uid
    where a.id = ${input.annotation} and a.author_id = ${userId}::uuid and ${recordVisible(ctx.viewer, "r")}`);
  if (!own) throw notFoundForViewer();
  if (input.media) await ownImage(ctx, Number(own.record_uid), input.media);
  const region = input.media && input.region ? JSON.stringify(input.region) : null;
  await ctx.database.rows(sql`
    update annotations set body = ${input.body}, media_id = ${input.media ?? null}, region = ${region}::jsonb, named = ${input.named},
      status = 'pending', reason = null, moderated_by = null, moderated_at = null, locale = ${ctx.locale}, updated_at = now()
    where id = ${input.annotation} and author_id = ${userId}::uuid`);
  return (await oneNote(ctx, input.annotation))!;
}

/** A note deleted by its author, or by a curator who may see its record (audited, with what it said). */
export async function deleteAnnotation(ctx: ServiceContext, input: { annotation: number }, opts: { address?: string } = {}): Promise<void> {
  const userId = await requireAuthor(ctx);
  const [row] = await ctx.database.rows<{ id: number; author_id: string; record_uid: number | string; body: string }>(sql`
    delete from annotations a using records r
    where a.id = ${input.annotation} and r.uid = a.record_uid and ${annotationVisible(ctx.viewer, "a", "r")}
      and (a.author_id = ${userId}::uuid or ${can(ctx.viewer, "MANAGE_ANNOTATIONS")})
    returning a.id, a.author_id, a.record_uid, a.body`);
  if (!row) throw notFoundForViewer();
  if (row.author_id !== userId)
    await audit(ctx, {
      event: "annotation_deleted",
      actor: { userId, address: opts.address ?? "" },
      subjectId: row.author_id,
      detail: { annotation: Number(row.id), record: Number(row.record_uid), body: row.body.slice(0, 200) },
    });
}

/** A curator's approval or rejection (with its reason) of a note on a record they may see; read by them, audited. */
export async function moderateAnnotation(
  ctx: ServiceContext,
  input: ModerateAnnotation,
  opts: { address?: string } = {},
): Promise<AnnotationView> {
  const userId = await requireAnnotations(ctx);
  const status = input.decision === "approve" ? "approved" : "rejected";
  const reason = input.decision === "reject" ? input.reason : null;
  const [row] = await ctx.database.rows<{ id: number; author_id: string; record_uid: number | string }>(sql`
    update annotations a set status = ${status}, reason = ${reason}, moderated_by = ${userId}::uuid, moderated_at = now()
    from records r
    where a.id = ${input.annotation} and r.uid = a.record_uid and ${annotationVisible(ctx.viewer, "a", "r")}
    returning a.id, a.author_id, a.record_uid`);
  if (!row) throw notFoundForViewer();
  await markRead(ctx, [Number(row.id)]);
  await audit(ctx, {
    event: input.decision === "approve" ? "annotation_approved" : "annotation_rejected",
    actor: { userId, address: opts.address ?? "" },
    subjectId: row.author_id,
    detail: { annotation: Number(row.id), record: Number(row.record_uid), ...(reason ? { reason } : {}) },
  });
  return (await oneNote(ctx, Number(row.id)))!;
}

/** Marks notes read by the viewer (a curator), as they are now. */
async function markRead(ctx: ServiceContext, ids: number[]) {
  if (!ids.length || !ctx.viewer.userId) return;
  await ctx.database.rows(sql`
    insert into annotation_reads (user_id, annotation_id, read_at)
    select ${ctx.viewer.userId}::uuid, a.id, greatest(now(), a.updated_at) from annotations a
    where a.id = any(${`{${ids.map((i) => Math.trunc(i)).join(",")}}`}::bigint[])
    on conflict (user_id, annotation_id) do update set read_at = excluded.read_at`);
}

/** SQL: the note `a` is unread by the curator `userId`: not theirs, and not read since it last changed. */
function unreadBy(userId: string): SQL {
  return sql`(a.author_id <> ${userId}::uuid and not exists (
    select 1 from annotation_reads ar where ar.annotation_id = a.id and ar.user_id = ${userId}::uuid and ar.read_at >= a.updated_at))`;
}

/** Opening a note on /annotazioni marks it read for this curator. */
export async function readAnnotation(ctx: ServiceContext, input: { annotation: number }): Promise<void> {
  await requireAnnotations(ctx);
  const [row] = await ctx.database.rows<{ id: number }>(sql`
    select a.id from annotations a join records r on r.uid = a.record_uid
    where a.id = ${input.annotation} and ${annotationVisible(ctx.viewer, "a", "r")}`);
  if (!row) throw notFoundForViewer();
  await markRead(ctx, [Number(row.id)]);
}

/** "Mark all read": every note this curator may see. */
export async function readAllAnnotations(ctx: ServiceContext): Promise<number> {
  const userId = await requireAnnotations(ctx);
  const rows = await ctx.database.rows<{ id: number }>(sql`
    select a.id from annotations a join records r on r.uid = a.record_uid
    where ${annotationVisible(ctx.viewer, "a", "r")} and ${unreadBy(userId)}`);
  await markRead(
    ctx,
    rows.map((r) => Number(r.id)),
  );
  return rows.length;
}

/**
 * `isAnnotationsRead` (spec §7; the menu's dot, spec §6): whether this curator has read every note they may see.
 * One `exists` query; true for anyone the moderation is not open to (nothing for them to read).
 */
export async function isAnnotationsRead(ctx: ServiceContext): Promise<boolean> {
  if (!(await annotationsOpen(ctx))) return true;
  const userId = ctx.viewer.userId!;
  const [row] = await ctx.database.rows<{ unread: boolean }>(sql`
    select exists (select 1 from annotations a join records r on r.uid = a.record_uid
      where ${annotationVisible(ctx.viewer, "a", "r")} and ${unreadBy(userId)}) as unread`);
  return !row?.unread;
}

/** The menu's read state (root loader): `{read}` for a curator while the option is on, else null (no entry). */
export async function annotationsReadState(ctx: ServiceContext): Promise<{ read: boolean } | null> {
  if (!(await annotationsOpen(ctx))) return null;
  return { read: await isAnnotationsRead(ctx) };
}

type EntryRow = Row & {
  table_name: string;
  record_id: string;
  label: string | null;
  type_name: string | null;
  numero_prefix: string | null;
  numero: string | null;
  numero_bis: string | null;
  unread: boolean;
  moderator: string | null;
  total: number;
  unread_total: number;
};

function listFilters(query: AnnotationsQuery, userId: string): SQL {
  const parts: SQL[] = [sql`true`];
  const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (query.status !== "all") parts.push(sql`a.status = ${query.status}`);
  if (query.unread) parts.push(unreadBy(userId));
  if (query.record) {
    const q = like(query.record);
    parts.push(sql`(exists (select 1 from record_texts t where t.record_uid = r.uid and t.label ilike ${q})
      or r.numero ilike ${q} or r.id ilike ${q})`);
  }
  if (query.author) {
    const q = like(query.author);
    parts.push(sql`(u.email ilike ${q} or (u.first_name || ' ' || u.last_name) ilike ${q})`);
  }
  return sql.join(parts, sql` and `);
}

/** One page of /annotazioni: the notes this curator may see, newest first, with the filters of the address. */
export async function listAnnotations(ctx: ServiceContext, query: AnnotationsQuery): Promise<AnnotationsPage> {
  const userId = await requireAnnotations(ctx);
  const loc = ctx.locale;
  const rows = await ctx.database.rows<EntryRow>(sql`
    select ${noteColumns(ctx)}, r.table_name, r.id as record_id, tx.label, coalesce(rt.names->>${loc}, rt.names->>'it') as type_name,
      r.numero_prefix, r.numero, r.numero_bis, ${unreadBy(userId)} as unread,
      nullif(trim(coalesce(mu.first_name, '') || ' ' || coalesce(mu.last_name, '')), '') as moderator,
      count(*) over ()::int as total,
      (select count(*) from annotations a join records r on r.uid = a.record_uid
        where ${annotationVisible(ctx.viewer, "a", "r")} and ${unreadBy(userId)})::int as unread_total
    from annotations a join records r on r.uid = a.record_uid join users u on u.id = a.author_id
    left join media m on m.id = a.media_id and m.record_uid = a.record_uid
    left join users mu on mu.id = a.moderated_by
    left join lateral (
      select label from record_texts t where t.record_uid = r.uid order by (t.locale = ${loc}) desc, (t.locale = 'it') desc, t.locale limit 1
    ) tx on true
    left join record_types rt on rt.id = r.type_id
    where ${annotationVisible(ctx.viewer, "a", "r")} and ${listFilters(query, userId)}
    order by a.updated_at desc, a.id desc
    limit ${ANNOTATIONS_PAGE_SIZE} offset ${(query.page - 1) * ANNOTATIONS_PAGE_SIZE}`);
  const total = rows[0] ? Number(rows[0].total) : 0;
  let unread = rows[0] ? Number(rows[0].unread_total) : 0;
  if (!rows[0]) {
    const [u] = await ctx.database.rows<{
      n: number;
    }>(sql`select count(*)::int as n from annotations a join records r on r.uid = a.record_uid
      where ${annotationVisible(ctx.viewer, "a", "r")} and ${unreadBy(userId)}`);
    unread = Number(u?.n ?? 0);
  }
  const entries: AnnotationEntry[] = rows.map((r) => {
    const title = r.label || r.record_id;
    return {
      ...toView(ctx, r),
      record: {
        table: r.table_name,
        id: r.record_id,
        title,
        type: r.type_name,
        numero: formatNumero({ prefix: r.numero_prefix, number: r.numero, bis: r.numero_bis }) || null,
        link: isTable(r.table_name) ? recordPath(r.table_name, r.record_id, r.label) : "/",
      },
      unread: Boolean(r.unread),
      moderatedBy: r.moderator,
    };
  });
  return { entries, total, unread, page: query.page, pages: Math.max(1, Math.ceil(total / ANNOTATIONS_PAGE_SIZE)) };
}

/**
 * `getAnnotations` (spec §7): with `record`, that record's notes the viewer may see (the record page's list); without,
 * the viewer's own notes, newest first (at most 200).
 */
export async function getAnnotations(
  ctx: ServiceContext,
  input: { record?: { table: string; id: string } | null },
): Promise<AnnotationView[]> {
  if (input.record) return recordAnnotations(ctx, input.record);
  const userId = await requireAuthor(ctx);
  const rows = await ctx.database.rows<Row>(sql`
    select ${noteColumns(ctx)}
    from annotations a join records r on r.uid = a.record_uid join users u on u.id = a.author_id
    left join media m on m.id = a.media_id and m.record_uid = a.record_uid
    where a.author_id = ${userId}::uuid and ${annotationVisible(ctx.viewer, "a", "r")}
    order by a.updated_at desc, a.id desc limit 200`);
  return rows.map((r) => toView(ctx, r));
}
