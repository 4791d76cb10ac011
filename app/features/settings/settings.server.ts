import { sql } from "drizzle-orm";
import { auditLog } from "../../../db/schema";
import type { Database } from "~/.server/db";
import { Refusal, requireCapability, type Viewer } from "~/.server/access";
import { catalogueChanged } from "~/.server/caches";
import { DEFAULT_LANGUAGES, enabledLanguages, LOCALES, OPTIONAL_LOCALES, type Locale } from "~/lib/locale";
import { DEFAULT_OPTIONS } from "~/features/site";
import { emptyValue, issueMessages, itemNamed, itemsOf, type FieldMessage, type SettingsItem, type SettingsPage } from "./items";
import {
  appendRevision,
  latestRevisions,
  lockRevisionItem,
  revisionAt,
  revisionHistory,
  StaleRevisionError,
  txRunner,
  type HistoryEntry,
  type Latest,
  type Runner,
} from "./revisions.server";
import { sanitizeContentHtml } from "~/.server/content-html";
import { cssProblem, cssProblemMessage } from "./css-safety.server";
import { patternProblem } from "~/.server/linear-pattern";
import { ownUploads } from "~/features/workspace/index.server";
import { publicStorySlugs } from "~/features/stories/index.server";
import { uploadUrlsIn } from "~/features/workspace";

/** The uploads an item's value shows (the home page's sections' text). */
const uploadsOf = (value: unknown) => uploadUrlsIn(JSON.stringify(value ?? null));

/**
 * The settings service (issue 16 §2, decision 070): reads the site options as editable items, saves one
 * item at a time with a revision, refuses a stale save (409) and restores earlier revisions. Every function
 * checks ADMIN on the viewer itself (the route guard answers first). A save clears the options cache and
 * every catalogue cache of this process and, on PostgreSQL, of the others (NOTIFY, app/.server/caches.ts).
 */

export type SettingsContext = { database: Database; viewer: Viewer; address: string };

export type Conflict = { version: number; value: unknown; fallback: boolean; author: string | null; at: string | null };

export class SettingsError extends Error {
  constructor(
    public readonly code: "invalid" | "conflict",
    public readonly detail: { fields?: Record<string, FieldMessage[]>; conflict?: Conflict } = {},
  ) {
    super(code);
    this.name = "SettingsError";
  }
}

export const SETTINGS_STATUS = { invalid: 400, conflict: 409 } as const;

function itemOrThrow(key: string): SettingsItem {
  const item = itemNamed(key);
  if (!item) throw new Refusal(404);
  return item;
}

/** Where an item's versions are counted: '' for one shared by every language. */
const itemLocale = (item: SettingsItem, locale: Locale) => (item.scope === "site" ? "" : locale);

export { canonical } from "./revisions.server";

type Docs = Map<string, Record<string, unknown>>;

async function readDocs(run: Runner, forUpdate = false): Promise<Docs> {
  const rows = await run.rows<{ locale: string; options: Record<string, unknown> }>(
    forUpdate ? sql`select locale, options from site_options for update` : sql`select locale, options from site_options`,
  );
  return new Map(rows.map((r) => [r.locale, r.options ?? {}]));
}

/**
 * The documents an item lives in: the options documents, or for a page item (`store: "page"`, the home
 * page of decision 074) its rows of `pages`, each seen as a document holding the item's key.
 */
async function docsOf(run: Runner, item: SettingsItem, forUpdate = false, options?: Docs): Promise<Docs> {
  if (item.store !== "page") return options ?? readDocs(run, forUpdate);
  const rows = await run.rows<{ locale: string; content: unknown }>(
    forUpdate
      ? sql`select locale, content from pages where slug = ${item.key} for update`
      : sql`select locale, content from pages where slug = ${item.key}`,
  );
  return new Map(rows.map((r) => [r.locale, { [item.key]: r.content }]));
}

/** What a page item holds before anyone wrote it. */
const PAGE_DEFAULTS: Record<string, unknown> = { home: { hero: { title: "" }, sections: [] } };

/**
 * What the server does to a valid value before storing it: the home page's rich text is sanitised with the
 * content pages' one HTML policy (the editor's HTML is never trusted).
 */
const SERVER_CLEAN: Record<string, (value: unknown) => unknown> = {
  home: (value) => {
    const v = value as { sections: { html?: string }[] };
    return { ...v, sections: v.sections.map((s) => (s.html === undefined ? s : { ...s, html: sanitizeContentHtml(s.html) })) };
  },
};

/** A pattern's refusal, if any: it must compile on the linear-time engine, small enough (decision 079). */
const patternMessages = (value: unknown, path: string): FieldMessage[] => {
  const problem = typeof value === "string" ? patternProblem(value) : null;
  return problem ? [{ key: `settings.error.regex.${problem}`, params: { path } }] : [];
};

/**
 * The checks of a valid value that only the server runs (their libraries stay out of the browser): the custom
 * stylesheet is read with a CSS parser (decision 083); the patterns administrators write compile on RE2
 * (decision 079).
 */
const SERVER_CHECKS: Record<string, (value: unknown) => FieldMessage[]> = {
  customcss: (value) => {
    const problem = typeof value === "string" ? cssProblem(value) : null;
    return problem ? [cssProblemMessage(problem)] : [];
  },
  patternPassword: (value) => patternMessages(value, "—"),
  customjs: (value) => patternMessages((value as { regexFiltriInit?: unknown } | null)?.regexFiltriInit, "regexFiltriInit"),
};

/** An item's stored value in one document (undefined: the document does not hold it). */
function storedIn(item: SettingsItem, doc: Record<string, unknown> | undefined): unknown {
  if (!doc) return undefined;
  if (item.shape === "json" && item.spread) {
    const picked = Object.fromEntries(Object.entries(doc).filter(([k]) => item.spread!(k)));
    return Object.keys(picked).length ? picked : undefined;
  }
  return Object.hasOwn(doc, item.key) ? doc[item.key] : undefined;
}

/** The value an item has for a locale, and whether it is the Italian one standing in (or the default). */
function currentValue(item: SettingsItem, docs: Docs, locale: Locale): { value: unknown; fallback: boolean; stored: unknown } {
  const it = storedIn(item, docs.get("it"));
  if (item.scope === "site" || locale === "it") {
    return { value: it ?? defaultOf(item), fallback: false, stored: it };
  }
  const own = storedIn(item, docs.get(locale));
  if (own !== undefined) return { value: own, fallback: false, stored: own };
  return { value: it ?? defaultOf(item), fallback: true, stored: undefined };
}

function defaultOf(item: SettingsItem): unknown {
  if (item.store === "page") return structuredClone(PAGE_DEFAULTS[item.key] ?? {});
  const d = (DEFAULT_OPTIONS as unknown as Record<string, unknown>)[item.key];
  return d !== undefined ? structuredClone(d) : emptyValue(item);
}

export type ItemState = {
  key: string;
  scope: "site" | "locale";
  value: unknown;
  fallback: boolean;
  version: number;
  updatedAt: string | null;
  author: string | null;
};

/** Every item of a settings page with its value for `locale` and its current version. */
export async function settingsPage(ctx: SettingsContext, page: SettingsPage, locale: Locale): Promise<ItemState[]> {
  requireCapability(ctx, "ADMIN");
  const items = itemsOf(page);
  const [docs, latest] = await Promise.all([
    readDocs(ctx.database),
    latestRevisions(
      ctx.database,
      "option",
      items.map((i) => i.key),
    ),
  ]);
  const out: ItemState[] = [];
  for (const item of items)
    out.push(stateOf(item, await docsOf(ctx.database, item, false, item.store === "page" ? undefined : docs), latest, locale));
  return out;
}

/** One item's state (the API's GET). */
export async function settingsItem(ctx: SettingsContext, key: string, locale: Locale): Promise<ItemState> {
  requireCapability(ctx, "ADMIN");
  const item = itemOrThrow(key);
  const [docs, latest] = await Promise.all([docsOf(ctx.database, item), latestRevisions(ctx.database, "option", [key])]);
  return stateOf(item, docs, latest, locale);
}

function stateOf(item: SettingsItem, docs: Docs, latest: Latest[], locale: Locale): ItemState {
  const l = latest.find((r) => r.key === item.key && r.locale === itemLocale(item, locale));
  const cur = currentValue(item, docs, locale);
  return {
    key: item.key,
    scope: item.scope,
    value: cur.value,
    fallback: cur.fallback,
    version: l?.version ?? 0,
    updatedAt: l ? l.at.toISOString() : null,
    author: l?.author ?? null,
  };
}

/** Validates a value for an item: the parsed value, or the messages per field. */
export function validateItem(
  item: SettingsItem,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; fields: Record<string, FieldMessage[]> } {
  const parsed = item.schema.safeParse(value);
  if (!parsed.success) return { ok: false, fields: issueMessages(item, parsed.error) };
  const refused = SERVER_CHECKS[item.key]?.(parsed.data) ?? [];
  if (refused.length)
    return { ok: false, fields: { [item.shape === "scalar" ? item.field.name : item.shape === "json" ? "json" : "form"]: refused } };
  return { ok: true, value: parsed.data };
}

export type SaveInput = {
  key: string;
  locale: Locale;
  /** The value to save; `undefined` with `clear` removes a language's own value (Italian applies again). */
  value?: unknown;
  clear?: boolean;
  /** The version the editor started from: a save over a newer one is refused (409). */
  expectedVersion: number;
  restoredFrom?: number;
};

export type SaveResult = { status: "saved" | "unchanged"; version: number };

/**
 * Saves one item: validates it, refuses a stale version, writes a revision (first recording the value it
 * replaces when nobody had: the demo data, a change made outside the settings), writes the options
 * document(s), logs it in the audit log, and clears the options caches everywhere.
 */
export async function saveItem(ctx: SettingsContext, input: SaveInput): Promise<SaveResult> {
  const authorId = requireCapability(ctx, "ADMIN");
  const item = itemOrThrow(input.key);
  if (input.clear && (item.scope === "site" || input.locale === "it"))
    throw new SettingsError("invalid", { fields: { form: [{ key: "settings.error.invalid" }] } });
  let value: unknown;
  if (!input.clear) {
    const v = validateItem(item, input.value);
    if (!v.ok) throw new SettingsError("invalid", { fields: v.fields });
    value = SERVER_CLEAN[item.key]?.(v.value) ?? v.value;
    if (item.fieldCodes) {
      const unknown = await unknownFieldCodes(ctx.database, value as Record<string, string[]>);
      if (unknown.length) throw new SettingsError("invalid", { fields: { json: unknown } });
    }
  }
  const loc = itemLocale(item, input.locale);
  const ref = { kind: "option" as const, key: item.key, locale: loc };
  const result = await ctx.database.db.transaction(async (tx) => {
    const run = txRunner(tx);
    await lockRevisionItem(run, ref);
    const docs = await docsOf(run, item, true);
    const cur = currentValue(item, docs, input.locale);
    // An upload the value did not show yet must be the administrator's own, locked until the commit: the home
    // page is public, so another user's private file is refused (as the content pages do, decision 076).
    const before = new Set(uploadsOf(cur.stored));
    const added = input.clear ? [] : uploadsOf(value).filter((u) => !before.has(u));
    if (added.length && !(await ownUploads(tx, authorId, added)))
      throw new SettingsError("invalid", { fields: { form: [{ key: "editor.upload.notOwn" }] } });
    // A story the home page did not show yet must be published (decision 116): a private one is refused like
    // a missing one, and stays private. (One withdrawn since it was chosen stays listed, and is not shown.)
    const storiesBefore = new Set(storiesOf(cur.stored));
    const storiesAdded = input.clear ? [] : storiesOf(value).filter((s) => !storiesBefore.has(s));
    if (storiesAdded.length) {
      const open = await publicStorySlugs(tx, storiesAdded);
      if (storiesAdded.some((s) => !open.has(s)))
        throw new SettingsError("invalid", { fields: { form: [{ key: "settings.error.storyNotPublished" }] } });
    }
    let appended: Awaited<ReturnType<typeof appendRevision>>;
    try {
      appended = await appendRevision(tx, ref, {
        expectedVersion: input.expectedVersion,
        stored: cur.stored,
        next: input.clear ? undefined : value,
        authorId,
        restoredFrom: input.restoredFrom,
      });
    } catch (err) {
      if (!(err instanceof StaleRevisionError)) throw err;
      const latest = err.latest;
      throw new SettingsError("conflict", {
        conflict: {
          version: latest?.version ?? 0,
          value: cur.value,
          fallback: cur.fallback,
          author: latest?.author ?? null,
          at: latest ? latest.at.toISOString() : null,
        },
      });
    }
    const { version } = appended;
    if (appended.status === "unchanged") return { status: "unchanged" as const, version };
    await writeValue(run, item, docs, input.locale, input.clear ? undefined : value);
    await tx.insert(auditLog).values({
      event: input.restoredFrom ? "settings_restored" : "settings_changed",
      actorId: authorId,
      address: ctx.address.slice(0, 100),
      detail: { key: item.key, locale: loc || null, version, ...(input.restoredFrom ? { restoredFrom: input.restoredFrom } : {}) },
    });
    return { status: "saved" as const, version };
  });
  if (result.status === "saved") catalogueChanged(ctx.database);
  return result;
}

/**
 * The codes of a per-table list that no record of that table holds in its metadata (the data model as
 * imported): a summary or header naming them would show nothing. One statement over the tables named.
 */
async function unknownFieldCodes(database: Database, value: Record<string, string[]>): Promise<FieldMessage[]> {
  const tables = Object.keys(value).filter((t) => value[t]!.length);
  if (!tables.length) return [];
  const rows = await database.rows<{ table_name: string; code: string }>(sql`
    select distinct r.table_name, e->>'code' as code
    from records r join record_texts t on t.record_uid = r.uid cross join lateral jsonb_array_elements(t.metadata) e
    where r.table_name in (${sql.join(
      tables.map((x) => sql`${x}`),
      sql`, `,
    )})`);
  const known = new Set(rows.map((r) => `${r.table_name}\u0000${r.code}`));
  const out: FieldMessage[] = [];
  for (const t of tables)
    value[t]!.forEach((code, i) => {
      if (!known.has(`${t}\u0000${code}`)) out.push({ key: "settings.error.unknownCode", params: { path: `${t}.${i}`, code, table: t } });
    });
  return out;
}

/** Writes an item into the options documents: a shared one into Italian (and out of the others). */
async function writeValue(run: Runner, item: SettingsItem, docs: Docs, locale: Locale, value: unknown) {
  if (item.store === "page") {
    if (value === undefined) {
      await run.rows(sql`delete from pages where slug = ${item.key} and locale = ${locale}`);
      return;
    }
    const title = String((value as { hero?: { title?: unknown } }).hero?.title ?? "").slice(0, 200);
    await run.rows(sql`insert into pages (slug, locale, title, content) values (${item.key}, ${locale}, ${title}, ${JSON.stringify(value)}::jsonb)
      on conflict (slug, locale) do update set title = excluded.title, content = excluded.content, updated_at = now()`);
    return;
  }
  const targets: Locale[] = item.scope === "site" ? [...LOCALES] : [locale];
  for (const l of targets) {
    const doc = { ...(docs.get(l) ?? {}) };
    const keys = item.shape === "json" && item.spread ? Object.keys(doc).filter(item.spread) : [item.key];
    for (const k of keys) delete doc[k];
    const writeHere = item.scope === "site" ? l === "it" : true;
    if (writeHere && value !== undefined) {
      if (item.shape === "json" && item.spread) Object.assign(doc, value as Record<string, unknown>);
      else doc[item.key] = value;
    }
    if (!docs.has(l) && !writeHere) continue;
    await run.rows(sql`insert into site_options (locale, options) values (${l}, ${JSON.stringify(doc)}::jsonb)
      on conflict (locale) do update set options = excluded.options, updated_at = now()`);
  }
}

export type { HistoryEntry } from "./revisions.server";

/** An item's revisions, newest first, each with what changed from the one before (at most 50). */
export async function itemHistory(ctx: SettingsContext, key: string, locale: Locale): Promise<{ entries: HistoryEntry[]; total: number }> {
  requireCapability(ctx, "ADMIN");
  const item = itemOrThrow(key);
  const loc = itemLocale(item, locale);
  return revisionHistory(ctx, { kind: "option", key: item.key, locale: loc });
}

/** Saves an earlier revision's value again, as a new revision (validated like any save). */
export async function restoreRevision(
  ctx: SettingsContext,
  input: { key: string; locale: Locale; version: number; expectedVersion: number },
): Promise<SaveResult> {
  requireCapability(ctx, "ADMIN");
  const item = itemOrThrow(input.key);
  const loc = itemLocale(item, input.locale);
  const row = await revisionAt(ctx, { kind: "option", key: item.key, locale: loc }, input.version);
  if (!row) throw new Refusal(404);
  const clear = row.removed && item.scope === "locale" && input.locale !== "it";
  return saveItem(ctx, {
    key: item.key,
    locale: input.locale,
    value: row.removed ? (clear ? undefined : emptyValue(item)) : row.value,
    clear,
    expectedVersion: input.expectedVersion,
    restoredFrom: input.version,
  });
}

/**
 * addLanguage (spec §7 `addLanguage {locale}`, decision 075): enables (or, with `enabled: false`, disables)
 * one further interface language of the documented list, as a save of the `languages` option — so it is a
 * revision, audited, and reaches every process at once. Unknown locales are refused before anything is read.
 */
export async function setLanguage(
  ctx: SettingsContext,
  locale: string,
  enabled = true,
): Promise<{ status: "saved" | "unchanged"; languages: string[] }> {
  requireCapability(ctx, "ADMIN");
  if (!(OPTIONAL_LOCALES as readonly string[]).includes(locale))
    throw new SettingsError("invalid", { fields: { locale: [{ key: "settings.error.language" }] } });
  const state = await settingsItem(ctx, "languages", "it");
  const value = { ...DEFAULT_LANGUAGES, ...(state.value as Record<string, boolean>), [locale]: enabled };
  const r = await saveItem(ctx, { key: "languages", locale: "it", value, expectedVersion: state.version });
  return { status: r.status, languages: enabledLanguages(value) };
}

/** The stories' slugs a home page value chooses (its "stories" sections). */
function storiesOf(value: unknown): string[] {
  const sections = (value as { sections?: unknown } | null | undefined)?.sections;
  if (!Array.isArray(sections)) return [];
  return sections.flatMap((s: { kind?: unknown; stories?: unknown }) =>
    s?.kind === "stories" && Array.isArray(s.stories) ? s.stories.filter((x): x is string => typeof x === "string") : [],
  );
}
