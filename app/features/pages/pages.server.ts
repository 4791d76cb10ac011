import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { can, Refusal, requireCapability } from "~/.server/access";
import { auditLog } from "../../../db/schema";
import {
  appendRevision,
  latestRevision,
  lockRevisionItem,
  revisionAt,
  revisionHistory,
  StaleRevisionError,
  txRunner,
  type HistoryEntry,
} from "~/features/settings/index.server";
import { LOCALES, type Locale } from "~/lib/locale";
import {
  inputSchemaOf,
  PageSlugSchema,
  pageFieldsOf,
  storedSlug,
  type PageContent,
  type PageDraft,
  type PageInput,
  type PageKind,
  type PageValue,
} from "./pages";
import { renderPageBody, sanitizeContentHtml } from "~/.server/content-html";
import { ownUploads, registerPublishedUse } from "~/features/workspace/index.server";
import { uploadUrlsIn } from "~/features/workspace";

// An upload shown on a published content page (the in-place editor's image picker, decision 076) is readable
// by its visitors; a draft's stays its owner's.
// The home page is always public: an upload in one of its sections' text is readable by its visitors too.
registerPublishedUse(async (database, url) => {
  const rows = await database.rows<{ n: number }>(
    sql`select count(*)::int as n from pages where ((content->>'kind' in ('page', 'memory', 'memory-section') and (content->>'published')::boolean is true) or slug = 'home')
      and position(${url} in content::text) > 0`,
  );
  return (rows[0]?.n ?? 0) > 0;
});

/**
 * Content pages (issue 16 §3, decision 072), kept in the `pages` table (one row per slug and locale) with
 * `content.kind = 'page'`. Reading: a visitor sees a page only when published, in the URL's language or
 * else in Italian (marked as such); an admin also sees drafts. Writing needs ADMIN, checked here as well as by
 * the route guard; every save and removal is audited.
 */

export type PublicPage = {
  slug: string;
  locale: Locale;
  title: string;
  html: string;
  description: string;
  published: boolean;
  fallback: boolean;
};
export type PageVersion = {
  locale: Locale;
  title: string;
  format: PageContent["format"];
  source: string;
  description: string;
  published: boolean;
  updatedAt: Date;
  /** The latest revision (0: none yet), who wrote it: what a save must name to not be stale. */
  version: number;
  author: string | null;
};
export type PageListItem = { slug: string; versions: { locale: Locale; title: string; published: boolean; updatedAt: Date }[] };

type Row = { slug: string; locale: Locale; title: string; content: Partial<PageContent>; updated_at: Date | string };

const asContent = (c: Partial<PageContent>) => ({
  format: c.format === "html" ? ("html" as const) : ("markdown" as const),
  source: typeof c.source === "string" ? c.source : "",
  html: typeof c.html === "string" ? c.html : "",
  description: typeof c.description === "string" ? c.description : "",
  published: c.published === true,
  ...(c.kind === "memory" || c.section !== undefined
    ? { section: typeof c.section === "string" ? c.section : "", collection: typeof c.collection === "string" ? c.collection : "" }
    : {}),
});

/** The page a visitor opens at `/{slug}`: null (the 404 page) when missing, unpublished, or not a valid slug. */
export async function getContentPage(ctx: ServiceContext, slug: string): Promise<PublicPage | null> {
  const valid = PageSlugSchema.safeParse(slug);
  if (!valid.success || valid.data !== slug) return null;
  const drafts = can(ctx.viewer, "ADMIN");
  const rows = await ctx.database.rows<Row>(
    sql`select slug, locale, title, content, updated_at from pages
      where slug = ${slug} and locale in ('it', ${ctx.locale}) and content->>'kind' = 'page'
        and (${drafts} or (content->>'published')::boolean is true)
      order by (locale = ${ctx.locale}) desc limit 1`,
  );
  const row = rows[0];
  if (!row) return null;
  const c = asContent(row.content);
  // Sanitised when saved; again here, so that a row written any other way cannot carry markup either.
  return {
    slug,
    locale: row.locale,
    title: row.title,
    html: sanitizeContentHtml(c.html),
    description: c.description,
    published: c.published,
    fallback: row.locale !== ctx.locale,
  };
}

/** Every content page with its versions per language (the console's list). */
export async function listContentPages(ctx: ServiceContext): Promise<PageListItem[]> {
  requireCapability(ctx, "ADMIN");
  const rows = await ctx.database.rows<Row>(
    sql`select slug, locale, title, content, updated_at from pages where content->>'kind' = 'page' order by slug, locale`,
  );
  const bySlug = new Map<string, PageListItem>();
  for (const r of rows) {
    const item = bySlug.get(r.slug) ?? { slug: r.slug, versions: [] };
    item.versions.push({ locale: r.locale, title: r.title, published: r.content.published === true, updatedAt: new Date(r.updated_at) });
    bySlug.set(r.slug, item);
  }
  return [...bySlug.values()].map((p) => ({
    ...p,
    versions: p.versions.sort((a, b) => LOCALES.indexOf(a.locale) - LOCALES.indexOf(b.locale)),
  }));
}

/** The latest revision of one language's version of a page (0: none), also when the page was removed. */
export async function pageRevision(
  ctx: ServiceContext,
  slug: string,
  locale: Locale,
  kind: PageKind = "page",
): Promise<{ version: number; author: string | null; at: string | null }> {
  requireCapability(ctx, "ADMIN");
  const l = await latestRevision(ctx.database, pageRef(storedSlug(kind, slug), locale));
  return { version: l?.version ?? 0, author: l?.author ?? null, at: l ? l.at.toISOString() : null };
}

/** One language's version of a page, for its editor (null: not written yet). */
export async function getPageVersion(ctx: ServiceContext, slug: string, locale: Locale): Promise<PageVersion | null> {
  requireCapability(ctx, "ADMIN");
  const rows = await ctx.database.rows<Row>(
    sql`select slug, locale, title, content, updated_at from pages where slug = ${slug} and locale = ${locale} and content->>'kind' = 'page'`,
  );
  const r = rows[0];
  if (!r) return null;
  const c = asContent(r.content);
  const rev = await pageRevision(ctx, slug, locale);
  return {
    locale: r.locale,
    title: r.title,
    format: c.format,
    source: c.source,
    description: c.description,
    published: c.published,
    updatedAt: new Date(r.updated_at),
    version: rev.version,
    author: rev.author,
  };
}

/** Whether a slug already has a page in any language (a new page must not take over an existing one). */
export async function pageExists(ctx: ServiceContext, slug: string): Promise<boolean> {
  requireCapability(ctx, "ADMIN");
  const rows = await ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from pages where slug = ${slug}`);
  return (rows[0]?.n ?? 0) > 0;
}

/** The revisions of every kind of page are kept as pages' (kind 'page'), keyed by the row's slug (decision 115). */
const pageRef = (slug: string, locale: Locale) => ({ kind: "page" as const, key: slug, locale });

const pageValueOf = (row: { title: string; content: Partial<PageContent> } | undefined): PageValue | undefined => {
  if (!row) return undefined;
  const c = asContent(row.content);
  return { title: row.title, format: c.format, source: c.source, description: c.description, published: c.published, ...sectionOf(c) };
};

const sectionOf = (c: { section?: string; collection?: string }) =>
  c.section !== undefined ? { section: c.section, collection: c.collection ?? "" } : {};

type SaveOptions = { address?: string; expectedVersion: number; restoredFrom?: number; kind?: PageKind };

/**
 * Saves one language's version: the body rendered and sanitised on the server, a revision written (decision
 * 075). `expectedVersion` is the revision the editor started from: a newer one refuses the save (409, with the
 * current text); an unchanged page writes nothing.
 */
export async function saveContentPage(
  ctx: ServiceContext,
  input: PageInput,
  opts: SaveOptions,
): Promise<{ status: "saved" | "unchanged"; version: number }> {
  const actor = { userId: requireCapability(ctx, "ADMIN"), address: opts.address ?? "" };
  const kind = opts.kind ?? "page";
  const memory = kind === "memory" ? { section: input.section ?? "", collection: input.collection ?? "" } : {};
  const content: PageContent = {
    kind,
    format: input.format,
    source: input.body,
    html: renderPageBody(input.format, input.body),
    description: input.description,
    published: input.published,
    ...memory,
  };
  const next: PageValue = {
    title: input.title,
    format: input.format,
    source: input.body,
    description: input.description,
    published: input.published,
    ...memory,
  };
  const slug = storedSlug(kind, input.slug);
  const ref = pageRef(slug, input.locale);
  return ctx.database.db.transaction(async (tx) => {
    const run = txRunner(tx);
    await lockRevisionItem(run, ref);
    const [row] = await run.rows<Row>(
      sql`select slug, locale, title, content, updated_at from pages where slug = ${slug} and locale = ${input.locale} for update`,
    );
    // Never overwrite the home page or anything else under the slug that is not of this kind.
    if (row && row.content?.kind !== kind) throw new Refusal(404);
    // An upload the page did not show yet must be the saving administrator's own, and is locked until the commit
    // (a deletion waits, then sees the page): a published page makes its uploads public, so another user's
    // private file is refused like a missing one.
    const before = new Set(uploadUrlsIn(row?.content?.html ?? ""));
    const added = uploadUrlsIn(content.html).filter((u) => !before.has(u));
    if (added.length && !(await ownUploads(tx, actor.userId!, added))) throw new Refusal(404);
    const stored = pageValueOf(row);
    const r = await appendStale(tx, ref, {
      expectedVersion: opts.expectedVersion,
      stored,
      next,
      authorId: actor.userId!,
      restoredFrom: opts.restoredFrom,
    });
    if (r.status === "unchanged") return r;
    await run.rows(
      sql`insert into pages (slug, locale, title, content) values (${slug}, ${input.locale}, ${input.title}, ${JSON.stringify(content)}::jsonb)
        on conflict (slug, locale) do update set title = excluded.title, content = excluded.content, updated_at = now()`,
    );
    await tx.insert(auditLog).values({
      event: "page_saved",
      actorId: actor.userId,
      address: actor.address.slice(0, 100),
      detail: {
        slug,
        locale: input.locale,
        published: input.published,
        version: r.version,
        ...(opts.restoredFrom ? { restoredFrom: opts.restoredFrom } : {}),
      },
    });
    return { status: r.status, version: r.version };
  });
}

/** A stale save or removal: the current text, its version, who wrote it and when. */
export type PageConflict = { version: number; value: PageValue | null; author: string | null; at: string | null };

export class PageConflictError extends Error {
  constructor(readonly conflict: PageConflict) {
    super("conflict");
    this.name = "PageConflictError";
  }
}

/** appendRevision, its stale refusal turned into a PageConflictError holding the current text. */
async function appendStale(
  tx: Parameters<typeof appendRevision>[0],
  ref: ReturnType<typeof pageRef>,
  input: Parameters<typeof appendRevision>[2],
) {
  try {
    return await appendRevision(tx, ref, input);
  } catch (err) {
    if (!(err instanceof StaleRevisionError)) throw err;
    const l = err.latest;
    throw new PageConflictError({
      version: l?.version ?? 0,
      value: (input.stored as PageValue | undefined) ?? null,
      author: l?.author ?? null,
      at: l ? l.at.toISOString() : null,
    });
  }
}

/** Removes one language's version of a page (a revision records the removal; it can be restored). */
export async function deleteContentPage(
  ctx: ServiceContext,
  slug: string,
  locale: Locale,
  opts: { address?: string; expectedVersion: number },
): Promise<void> {
  const actor = { userId: requireCapability(ctx, "ADMIN"), address: opts.address ?? "" };
  const ref = pageRef(slug, locale);
  await ctx.database.db.transaction(async (tx) => {
    const run = txRunner(tx);
    await lockRevisionItem(run, ref);
    const [row] = await run.rows<Row>(
      sql`select slug, locale, title, content, updated_at from pages where slug = ${slug} and locale = ${locale} and content->>'kind' = 'page' for update`,
    );
    if (!row) throw new Refusal(404);
    await appendStale(tx, ref, {
      expectedVersion: opts.expectedVersion,
      stored: pageValueOf(row),
      next: undefined,
      authorId: actor.userId!,
    });
    await run.rows(sql`delete from pages where slug = ${slug} and locale = ${locale} and content->>'kind' = 'page'`);
    await tx
      .insert(auditLog)
      .values({ event: "page_deleted", actorId: actor.userId, address: actor.address.slice(0, 100), detail: { slug, locale } });
  });
}

/** The revisions of one language's version of a page, newest first, with what changed in each. */
export async function pageHistory(ctx: ServiceContext, slug: string, locale: Locale): Promise<{ entries: HistoryEntry[]; total: number }> {
  requireCapability(ctx, "ADMIN");
  return revisionHistory(ctx, pageRef(slug, locale), pageFieldsOf);
}

/** Saves an earlier revision of a page again, as a new revision (a removal cannot be restored: 404). */
export async function restorePageRevision(
  ctx: ServiceContext,
  input: { slug: string; locale: Locale; version: number; expectedVersion: number },
  opts: { address?: string } = {},
): Promise<{ status: "saved" | "unchanged"; version: number }> {
  requireCapability(ctx, "ADMIN");
  const row = await revisionAt(ctx, pageRef(input.slug, input.locale), input.version);
  if (!row || row.removed) throw new Refusal(404);
  const v = row.value as PageValue;
  const parsed = inputSchemaOf("page").safeParse({
    slug: input.slug,
    locale: input.locale,
    title: v.title,
    format: v.format,
    body: v.source,
    description: v.description,
    published: v.published,
  });
  if (!parsed.success) throw new Refusal(404);
  return saveContentPage(ctx, parsed.data, { address: opts.address, expectedVersion: input.expectedVersion, restoredFrom: input.version });
}

/**
 * One language's version of a page for the in-place editor: its own text, else the Italian one standing in
 * (`fallback`), else blank (`exists` false: a new page). `version` is this language's latest revision, what
 * the save must name. A slug that holds something else than a content page (the home page) is not found.
 */
export async function getPageDraft(
  ctx: ServiceContext,
  slug: string,
  locale: Locale,
  kind: PageKind = "page",
): Promise<{ value: PageDraft; version: number; fallback: boolean; exists: boolean }> {
  requireCapability(ctx, "ADMIN");
  const rows = await ctx.database.rows<Row>(
    sql`select slug, locale, title, content, updated_at from pages where slug = ${storedSlug(kind, slug)} and locale in ('it', ${locale}) order by (locale = ${locale}) desc`,
  );
  if (rows.some((r) => r.content?.kind !== kind)) throw new Refusal(404);
  const row = rows[0];
  const { version } = await pageRevision(ctx, slug, locale, kind);
  if (!row) {
    const blank: PageDraft = { title: "", html: "", description: "", published: false };
    return { value: kind === "memory" ? { ...blank, section: "", collection: "" } : blank, version, fallback: false, exists: false };
  }
  return { value: draftOf(row), version, fallback: row.locale !== locale, exists: true };
}

function draftOf(row: { title: string; content: Partial<PageContent> }): PageDraft {
  const c = asContent(row.content);
  return {
    title: row.title,
    html: c.format === "html" ? sanitizeContentHtml(c.source) : renderPageBody("markdown", c.source),
    description: c.description,
    published: c.published,
    ...sectionOf(c),
  };
}

/** The in-place editor's save: the body is HTML (sanitised on the server), a revision, 409 when stale. */
export async function savePageDraft(
  ctx: ServiceContext,
  input: { slug: string; locale: Locale; value: PageDraft; version: number; kind?: PageKind },
  opts: { address?: string } = {},
) {
  const kind = input.kind ?? "page";
  requireCapability(ctx, "ADMIN");
  const parsed = inputSchemaOf(kind).safeParse({
    // sanitised before it is stored as the page's source too: the editor reads back exactly what it saved
    slug: input.slug,
    locale: input.locale,
    title: input.value.title,
    format: "html",
    body: sanitizeContentHtml(input.value.html),
    description: input.value.description,
    published: input.value.published,
    ...(kind === "memory" ? { section: input.value.section ?? "", collection: input.value.collection ?? "" } : {}),
  });
  if (!parsed.success) return { status: "invalid" as const, issues: parsed.error.issues };
  // the slug exactly as written (no case or space folding into another item)
  if (parsed.data.slug !== input.slug)
    return { status: "invalid" as const, issues: [{ path: ["slug"], message: "pages.error.slugFormat" }] };
  // a memory page belongs to a section that exists (in any language)
  if (kind === "memory" && !(await sectionExists(ctx, (parsed.data as PageInput).section ?? "")))
    return { status: "invalid" as const, issues: [{ path: ["section"], message: "memories.error.section" }] };
  try {
    const r = await saveContentPage(ctx, parsed.data, { address: opts.address, expectedVersion: input.version, kind });
    return { status: r.status, version: r.version };
  } catch (err) {
    if (!(err instanceof PageConflictError)) throw err;
    const v = err.conflict.value;
    // the text saved meanwhile, in the editor's shape (its body as HTML)
    const current: PageDraft = v
      ? draftOf({
          title: v.title,
          content: { format: v.format, source: v.source, description: v.description, published: v.published, ...sectionOf(v) },
        })
      : { title: "", html: "", description: "", published: false };
    return {
      status: "conflict" as const,
      current: { version: err.conflict.version, value: current, author: err.conflict.author, at: err.conflict.at },
    };
  }
}

/** Whether a memory section has a version in some language. */
export async function sectionExists(ctx: Pick<ServiceContext, "database">, slug: string): Promise<boolean> {
  const rows = await ctx.database.rows<{ n: number }>(
    sql`select count(*)::int as n from pages where slug = ${storedSlug("memory-section", slug)} and content->>'kind' = 'memory-section'`,
  );
  return (rows[0]?.n ?? 0) > 0;
}
