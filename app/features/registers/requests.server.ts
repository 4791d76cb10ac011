import { sql, type SQL } from "drizzle-orm";
import sharp from "sharp";
import type { ServiceContext } from "~/.server/context";
import { mediaVisible, notFoundForViewer, recordVisible, Refusal, requireCapability } from "~/.server/access";
import { mediaUrl } from "~/.server/media";
import { sendMail } from "~/.server/mail";
import { hashToken, newToken } from "~/.server/session";
import { audit } from "~/features/accounts/index.server";
import { cardQuery, type CardRow, toCard } from "~/features/records/index.server";
import { getSiteOptions } from "~/features/site/index.server";
import { isTable, recordPath } from "~/lib/tables";
import { isUiLocale, type UiLocale } from "~/lib/locale";
import { decisionMail, officeMail, receivedMail } from "./requests-mail.server";
import { type DownloadContext, downloadResponse } from "./downloads.server";
import {
  type Decision,
  type NewRequest,
  REQUESTS_PAGE_SIZE,
  type RequestEntry,
  type RequestsPage,
  type RequestsQuery,
  requestStatus,
} from "./requests";

/**
 * Reproduction requests (issue 32 §3; spec §4, §6, §7; decision 099). While the site's option
 * `richiediimmagine_email` holds the rights office's address, a signed-in user asks for a reproduction of a
 * record's image they can see; the office is mailed, and so is the requester. A manager (MANAGE_USERS) decides
 * on `/requests`: approved — watermarked or not, a download link living 1 to 90 days (7 by default) — or not
 * approved with a reason; the requester is mailed either way. The link's token is 32 random bytes of which only
 * the SHA-256 is kept; it serves the file to that requester, signed in, until its date, then answers 410.
 * "Expired" is computed against the application's clock (`now`, passed to every statement), never stored.
 * With the option empty, everything here is not found (404), for everyone.
 */

/** The rights office's address, or null when requests are off. */
async function officeAddress(ctx: Pick<ServiceContext, "database">): Promise<string | null> {
  const v = (await getSiteOptions(ctx, "it")).richiediimmagine_email;
  return typeof v === "string" && v.trim() ? v.trim() : null;
}

/** A signed-in user while requests are on (their id), or the 404 anyone else gets. */
export async function requireRequests(ctx: ServiceContext): Promise<string> {
  const userId = requireCapability(ctx, "PRIVATE");
  if (!(await officeAddress(ctx))) throw new Refusal(404);
  return userId;
}

/** The register's viewer: MANAGE_USERS while requests are on (spec §6), or 404. */
export async function requireRequestsRegister(ctx: ServiceContext): Promise<string> {
  const userId = requireCapability(ctx, "MANAGE_USERS");
  if (!(await officeAddress(ctx))) throw new Refusal(404);
  return userId;
}

const asBoolean = (p: Promise<unknown>) =>
  p.then(
    () => true,
    () => false,
  );

/** Whether this viewer may ask for reproductions (the record page's entry, the account's menu). */
export const requestsOpen = (ctx: ServiceContext) => asBoolean(requireRequests(ctx));
/** Whether this viewer gets the Registro Richieste (its menu entry). */
export const requestsRegisterOpen = (ctx: ServiceContext) => asBoolean(requireRequestsRegister(ctx));

// ── Asking ────────────────────────────────────────────────────────────────────────────────────────────

export type RequestImage = { id: number; title: string; thumbnail: string | null };
export type RequestForm = {
  media: RequestImage;
  /** The record's other images the viewer sees (to choose another), the chosen one first. */
  images: RequestImage[];
  record: { table: string; id: string; title: string; type: string; inventory: string; link: string };
  /** The terms' content page (slug) when /settings names one. */
  terms: string | null;
};

type MediaRow = { id: number | string; title: Record<string, string> | null; thumbnail: string | null; record_uid: number | string };

/**
 * The image and its record as the request form shows them: an image (media type `image`) of a record the viewer
 * may see, itself visible to them; anything else is not found.
 */
export async function requestForm(ctx: ServiceContext, mediaId: number): Promise<RequestForm> {
  await requireRequests(ctx);
  if (!Number.isSafeInteger(mediaId) || mediaId <= 0) throw notFoundForViewer();
  const [m] = await ctx.database.rows<MediaRow>(sql`
    select m.id, m.title, m.thumbnail, m.record_uid from media m join records r on r.uid = m.record_uid
    where m.id = ${mediaId} and m.media_type = 'image' and ${mediaVisible(ctx.viewer, "m")} and ${recordVisible(ctx.viewer, "r")}`);
  if (!m) throw notFoundForViewer();
  const [card] = await ctx.database.rows<CardRow>(cardQuery(ctx, sql`r.uid = ${Number(m.record_uid)}`));
  if (!card) throw notFoundForViewer();
  const c = toCard(card, ctx.locale);
  const siblings = await ctx.database.rows<MediaRow>(sql`
    select m.id, m.title, m.thumbnail, m.record_uid from media m
    where m.record_uid = ${Number(m.record_uid)} and m.media_type = 'image' and ${mediaVisible(ctx.viewer, "m")}
    order by (m.id = ${mediaId}) desc, m.ord, m.id limit 50`);
  const image = (r: MediaRow, i: number): RequestImage => ({
    id: Number(r.id),
    title: r.title?.[ctx.locale] || r.title?.it || `${c.preferred_label} (${i + 1})`,
    thumbnail: mediaUrl(r.thumbnail),
  });
  const options = await getSiteOptions(ctx, "it");
  return {
    media: image(m, 0),
    images: siblings.map(image),
    record: { table: c.table, id: c.id, title: c.preferred_label, type: c.type?.name ?? "", inventory: c.numero, link: c.link },
    terms: options.richiediimmagine_terms || null,
  };
}

type Row = {
  id: string;
  requester_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  media_id: number | string | null;
  thumbnail: string | null;
  record_table: string;
  record_id: string;
  record_title: string;
  record_type: string;
  record_inventory: string;
  purpose: RequestEntry["purpose"];
  resolution: RequestEntry["resolution"];
  format: RequestEntry["format"];
  notes: string;
  locale: string;
  terms_page: string;
  terms_accepted_at: string | Date;
  status: string;
  reason: string | null;
  watermarked: boolean | null;
  decided_by: string | null;
  decided_at: string | Date | null;
  expires_at: string | Date | null;
  created_at: string | Date;
  total?: number;
};

const iso = (v: string | Date) => new Date(v).toISOString();

function toEntry(r: Row, now: Date): RequestEntry {
  const email = r.email ?? "";
  return {
    id: r.id,
    status: requestStatus(r.status, r.expires_at, now),
    requester: { id: r.requester_id, name: [r.first_name, r.last_name].filter(Boolean).join(" ") || email, email },
    record: {
      table: r.record_table,
      id: r.record_id,
      title: r.record_title,
      type: r.record_type,
      inventory: r.record_inventory,
      link: isTable(r.record_table) ? recordPath(r.record_table, r.record_id, r.record_title) : null,
    },
    mediaId: r.media_id == null ? null : Number(r.media_id),
    thumbnail: mediaUrl(r.thumbnail),
    purpose: r.purpose,
    resolution: r.resolution,
    format: r.format,
    notes: r.notes,
    locale: r.locale,
    termsPage: r.terms_page,
    termsAcceptedAt: iso(r.terms_accepted_at),
    reason: r.reason,
    watermarked: r.watermarked,
    decidedBy: r.decided_by,
    decidedAt: r.decided_at ? iso(r.decided_at) : null,
    expiresAt: r.expires_at ? iso(r.expires_at) : null,
    createdAt: iso(r.created_at),
  };
}

const SELECT = sql`select q.id, q.requester_id, u.email, u.first_name, u.last_name, q.media_id, m.thumbnail,
    q.record_table, q.record_id, q.record_title, q.record_type, q.record_inventory, q.purpose, q.resolution, q.format,
    q.notes, q.locale, q.terms_page, q.terms_accepted_at, q.status, q.reason, q.watermarked, q.decided_by, q.decided_at,
    q.expires_at, q.created_at
  from reproduction_requests q join users u on u.id = q.requester_id left join media m on m.id = q.media_id`;

async function one(ctx: Pick<ServiceContext, "database">, id: string, now: Date): Promise<RequestEntry | null> {
  const [row] = await ctx.database.rows<Row>(sql`${SELECT} where q.id = ${id}::uuid`);
  return row ? toEntry(row, now) : null;
}

export type MailOptions = { origin: string; address?: string; now?: Date };

/**
 * A new request: the image must be one the requester may see (else not found); it is recorded pending, audited,
 * and mailed to the office and to the requester (awaited: a mail that cannot be sent is the request's error).
 */
export async function createRequest(ctx: ServiceContext, input: NewRequest, opts: MailOptions & { ui?: UiLocale }): Promise<RequestEntry> {
  const userId = await requireRequests(ctx);
  const office = (await officeAddress(ctx))!;
  const form = await requestForm(ctx, input.media);
  const now = opts.now ?? new Date();
  const ui: UiLocale = opts.ui && isUiLocale(opts.ui) ? opts.ui : ctx.locale;
  const terms = form.terms;
  const [page] = terms
    ? await ctx.database.rows<{ updated_at: string | Date }>(
        sql`select updated_at from pages where slug = ${terms} and locale in ('it', ${ctx.locale}) order by (locale = ${ctx.locale}) desc limit 1`,
      )
    : [];
  const [created] = await ctx.database.rows<{ id: string }>(sql`
    insert into reproduction_requests (requester_id, media_id, record_uid, record_table, record_id, record_title, record_type,
      record_inventory, purpose, resolution, format, notes, locale, terms_page, terms_version, terms_accepted_at, created_at)
    select ${userId}::uuid, m.id, m.record_uid, ${form.record.table}, ${form.record.id}, ${form.record.title}, ${form.record.type},
      ${form.record.inventory}, ${input.purpose}, ${input.resolution}, ${input.format}, ${input.notes}, ${ui}, ${terms ?? ""},
      ${page ? iso(page.updated_at) : null}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from media m where m.id = ${input.media}
    returning id`);
  if (!created) throw notFoundForViewer();
  const entry = (await one(ctx, created.id, now))!;
  await audit(ctx, {
    event: "request_created",
    actor: { userId, address: opts.address ?? "" },
    subjectId: userId,
    detail: { request: entry.id, record: `${entry.record.table}/${entry.record.id}`, media: input.media, purpose: input.purpose },
  });
  const site = (await getSiteOptions(ctx, "it")).title || "Teca";
  await sendMail({ ...officeMail({ site, origin: opts.origin, entry }), to: office });
  await sendMail({ ...receivedMail(ui, { site, origin: opts.origin, entry }), to: entry.requester.email });
  return entry;
}

// ── The register ──────────────────────────────────────────────────────────────────────────────────────

function filters(query: RequestsQuery, now: Date): SQL {
  const at = now.toISOString();
  const parts: SQL[] = [sql`true`];
  if (query.status === "pending") parts.push(sql`q.status = 'pending'`);
  if (query.status === "not_approved") parts.push(sql`q.status = 'not_approved'`);
  if (query.status === "approved") parts.push(sql`q.status = 'approved' and q.expires_at > ${at}::timestamptz`);
  if (query.status === "expired") parts.push(sql`q.status = 'approved' and q.expires_at <= ${at}::timestamptz`);
  if (query.purpose !== "all") parts.push(sql`q.purpose = ${query.purpose}`);
  if (query.from) parts.push(sql`q.created_at >= ${`${query.from}T00:00:00Z`}::timestamptz`);
  if (query.to) parts.push(sql`q.created_at < ${`${query.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(u.email ilike ${like} or (u.first_name || ' ' || u.last_name) ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

async function select(ctx: ServiceContext, query: RequestsQuery, page: { limit: number; offset: number }, now: Date) {
  return ctx.database.rows<Row>(sql`
    select s.*, count(*) over ()::int as total from (${SELECT} where ${filters(query, now)}) s
    order by (s.status = 'pending') desc, s.created_at desc, s.id
    limit ${page.limit} offset ${page.offset}`);
}

/** One page of the register: the pending requests first, then the newest. */
export async function listRequests(ctx: ServiceContext, query: RequestsQuery, opts: { now?: Date } = {}): Promise<RequestsPage> {
  await requireRequestsRegister(ctx);
  const now = opts.now ?? new Date();
  const rows = await select(ctx, query, { limit: REQUESTS_PAGE_SIZE, offset: (query.page - 1) * REQUESTS_PAGE_SIZE }, now);
  const total = rows[0] ? Number(rows[0].total) : 0;
  return {
    entries: rows.map((r) => toEntry(r, now)),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / REQUESTS_PAGE_SIZE)),
  };
}

/** Every request the filters keep (the CSV export), at most 10,000. */
export async function allRequests(ctx: ServiceContext, query: RequestsQuery, opts: { now?: Date } = {}): Promise<RequestEntry[]> {
  await requireRequestsRegister(ctx);
  const now = opts.now ?? new Date();
  return (await select(ctx, query, { limit: 10_000, offset: 0 }, now)).map((r) => toEntry(r, now));
}

export type DecisionResult = { entry: RequestEntry; token?: string };

/**
 * A manager's decision on a pending request: approved (watermarked or not; a link living `days` days) or not
 * approved with a reason. Only a pending request can be decided: one already decided (another manager first, a
 * second press) is not found. Audited, and mailed to the requester in their language.
 */
export async function decideRequest(ctx: ServiceContext, decision: Decision, opts: MailOptions): Promise<DecisionResult> {
  const managerId = await requireRequestsRegister(ctx);
  const now = opts.now ?? new Date();
  const at = now.toISOString();
  let token: string | undefined;
  let updated: { id: string; requester_id: string }[];
  if (decision.intent === "approve") {
    token = newToken();
    const expires = new Date(now.getTime() + decision.days * 86_400_000).toISOString();
    updated = await ctx.database.rows(sql`
      update reproduction_requests set status = 'approved', watermarked = ${decision.watermarked}, decided_by = ${managerId}::uuid,
        decided_at = ${at}::timestamptz, token_hash = ${hashToken(token)}, expires_at = ${expires}::timestamptz, reason = null
      where id = ${decision.id}::uuid and status = 'pending' returning id, requester_id`);
  } else {
    updated = await ctx.database.rows(sql`
      update reproduction_requests set status = 'not_approved', reason = ${decision.reason}, decided_by = ${managerId}::uuid,
        decided_at = ${at}::timestamptz
      where id = ${decision.id}::uuid and status = 'pending' returning id, requester_id`);
  }
  const row = updated[0];
  if (!row) throw notFoundForViewer();
  const entry = (await one(ctx, row.id, now))!;
  await audit(ctx, {
    event: decision.intent === "approve" ? "request_approved" : "request_refused",
    actor: { userId: managerId, address: opts.address ?? "" },
    subjectId: row.requester_id,
    detail: {
      request: entry.id,
      record: `${entry.record.table}/${entry.record.id}`,
      ...(decision.intent === "approve" ? { watermarked: decision.watermarked, days: decision.days } : { reason: decision.reason }),
    },
  });
  const site = (await getSiteOptions(ctx, "it")).title || "Teca";
  const locale: UiLocale = isUiLocale(entry.locale) ? entry.locale : "it";
  await sendMail({ ...decisionMail(locale, { site, origin: opts.origin, entry, token }), to: entry.requester.email });
  return { entry, token };
}

// ── The requester's own ───────────────────────────────────────────────────────────────────────────────

/** The signed-in user's own requests, newest first (their account page, `getRequests`). */
export async function myRequests(ctx: ServiceContext, opts: { now?: Date } = {}): Promise<RequestEntry[]> {
  const userId = await requireRequests(ctx);
  const now = opts.now ?? new Date();
  const rows = await ctx.database.rows<Row>(
    sql`${SELECT} where q.requester_id = ${userId}::uuid order by q.created_at desc, q.id limit 500`,
  );
  return rows.map((r) => toEntry(r, now));
}

const TOKEN_SHAPE = /^[\w-]{40,60}$/;

export type DownloadTicket = { entry: RequestEntry; expired: boolean };

/**
 * The approved request a download link names, for its requester only: another user, a visitor, a token never
 * issued, a request not approved — not found. Past its date: `expired` (the route answers 410 Gone).
 */
export async function requestByToken(ctx: ServiceContext, token: string, opts: { now?: Date } = {}): Promise<DownloadTicket> {
  const userId = await requireRequests(ctx);
  if (!TOKEN_SHAPE.test(token)) throw notFoundForViewer();
  const now = opts.now ?? new Date();
  const [row] = await ctx.database.rows<Row>(
    sql`${SELECT} where q.token_hash = ${hashToken(token)} and q.requester_id = ${userId}::uuid and q.status = 'approved'`,
  );
  if (!row) throw notFoundForViewer();
  const entry = toEntry(row, now);
  return { entry, expired: entry.status === "expired" };
}

/**
 * The file of an approved request, for its requester, until its date: the resolution approved, watermarked or not
 * as decided, made by the downloads' `downloadResponse` (decision 098; logged there under the requester), in the
 * format asked for (a file of another type is converted: JPEG or TIFF). Past its date: `null` (the route answers
 * 410 Gone). Anyone else, a token never issued: not found.
 */
export async function requestFile(
  ctx: DownloadContext,
  token: string,
  opts: { address?: string; now?: Date } = {},
): Promise<Response | null> {
  const { entry, expired } = await requestByToken(ctx, token, opts);
  if (expired) return null;
  if (entry.mediaId == null) throw notFoundForViewer();
  const res = await downloadResponse(ctx, {
    mediaId: entry.mediaId,
    size: entry.resolution,
    watermarked: entry.watermarked === true,
    address: opts.address,
  });
  const want = entry.format === "tiff" ? "image/tiff" : "image/jpeg";
  if ((res.headers.get("Content-Type") ?? "").split(";")[0]!.trim() === want) return res;
  const input = Buffer.from(await res.arrayBuffer());
  const body =
    entry.format === "tiff"
      ? await sharp(input).tiff({ compression: "lzw" }).toBuffer()
      : await sharp(input).jpeg({ quality: 92 }).toBuffer();
  const headers = new Headers(res.headers);
  headers.set("Content-Type", want);
  headers.set("Content-Length", String(body.length));
  headers.delete("X-Teca-Cache");
  const ext = entry.format === "tiff" ? "tif" : "jpg";
  const disposition = headers.get("Content-Disposition");
  if (disposition) headers.set("Content-Disposition", disposition.replace(/\.([a-z0-9]{2,5})(["']?)(;|$)/gi, `.${ext}$2$3`));
  return new Response(new Uint8Array(body), { status: 200, headers });
}
