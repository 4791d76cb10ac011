import { and, asc, desc, eq, sql } from "drizzle-orm";
import { savedSearches, savedSearchTokens, users } from "../../../db/schema";
import type { ServiceContext } from "~/.server/context";
import { hashToken } from "~/.server/session";
import { can } from "~/.server/access";
import { isLocale, type Locale } from "~/lib/locale";
import type { AlertFrequency, FieldErrors, SavedSearchView } from "./saved-searches";
import { fieldErrors, SavedSearchInputSchema } from "./input";

/**
 * Saved searches (issue 15 §2, decision 062). Every statement names the owner: another user's id is
 * answered exactly like a missing one (null / notFound), on pages, `.data` requests and the API alike.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isSavedSearchId = (id: unknown): id is string => typeof id === "string" && UUID.test(id);

/** SAVED_SEARCHES_MAX (default 100): how many searches one user may keep. */
export function savedSearchLimit(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.SAVED_SEARCHES_MAX);
  return Number.isInteger(n) && n > 0 ? n : 100;
}

/** May this viewer put a search on the home page's hero (spec §6: MANAGE_USERS)? */
export const canSetHero = (ctx: Pick<ServiceContext, "viewer">) => can(ctx.viewer, "MANAGE_USERS");

const columns = {
  id: savedSearches.id,
  title: savedSearches.title,
  query: savedSearches.query,
  locale: savedSearches.locale,
  public: savedSearches.public,
  hero: savedSearches.hero,
  alert: savedSearches.alert,
  alertSentAt: savedSearches.alertSentAt,
  createdAt: savedSearches.createdAt,
  updatedAt: savedSearches.updatedAt,
};
type Row = {
  id: string;
  title: string;
  query: string;
  locale: string;
  public: boolean;
  hero: boolean;
  alert: string;
  alertSentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toView(r: Row): SavedSearchView {
  return {
    id: r.id,
    title: r.title,
    query: r.query,
    locale: isLocale(r.locale) ? r.locale : "it",
    public: r.public,
    hero: r.hero,
    alert: r.alert as AlertFrequency,
    alertSentAt: iso(r.alertSentAt),
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
  };
}

/** The owner predicate: the row is the viewer's (nothing for a visitor). */
function owned(ctx: ServiceContext, id?: string) {
  const owner = eq(savedSearches.userId, ctx.viewer.userId ?? "00000000-0000-0000-0000-000000000000");
  return id ? and(eq(savedSearches.id, id), owner) : owner;
}

/** The viewer's saved searches, newest first; `publicOnly` keeps the public ones. */
export async function listSavedSearches(ctx: ServiceContext, opts: { publicOnly?: boolean } = {}): Promise<SavedSearchView[]> {
  if (ctx.viewer.kind !== "user") return [];
  const where = opts.publicOnly ? and(owned(ctx), eq(savedSearches.public, true)) : owned(ctx);
  const rows = (await ctx.database.db
    .select(columns)
    .from(savedSearches)
    .where(where)
    .orderBy(desc(savedSearches.createdAt), asc(savedSearches.id))) as Row[];
  return rows.map(toView);
}

/** One of the viewer's saved searches, or null (missing, or someone else's: the same answer). */
export async function getSavedSearch(ctx: ServiceContext, id: string): Promise<SavedSearchView | null> {
  if (ctx.viewer.kind !== "user" || !isSavedSearchId(id)) return null;
  const [row] = (await ctx.database.db.select(columns).from(savedSearches).where(owned(ctx, id))) as Row[];
  return row ? toView(row) : null;
}

export type SaveResult =
  | { ok: true; search: SavedSearchView }
  | { ok: false; status: 400 | 403 | 404 | 409; errors: FieldErrors; params?: Record<string, number> };

const invalid = (errors: FieldErrors, status: 400 | 403 | 409 = 400, params?: Record<string, number>): SaveResult => ({
  ok: false,
  status,
  errors,
  params,
});
const NOT_FOUND: SaveResult = { ok: false, status: 404, errors: { form: "error.notFound" } };

/** The highest record uid now: alerts list records added after it. */
const currentMark = sql<number>`(select coalesce(max(uid), 0) from records)`;

/**
 * Saves the current search for the viewer. Refuses (nothing written): a visitor (404), bad input (400, the
 * field's message), the hero flag without MANAGE_USERS (403), a user at the limit (409 with the limit).
 */
export async function createSavedSearch(ctx: ServiceContext, raw: unknown): Promise<SaveResult> {
  if (ctx.viewer.kind !== "user" || !ctx.viewer.userId) return NOT_FOUND;
  const parsed = SavedSearchInputSchema.safeParse(raw);
  if (!parsed.success) return invalid(fieldErrors(parsed.error));
  const input = parsed.data;
  if (input.hero && !canSetHero(ctx)) return invalid({ hero: "savedSearches.heroForbidden" }, 403);
  const userId = ctx.viewer.userId;
  const max = savedSearchLimit();
  return ctx.database.db.transaction(async (tx) => {
    // The user's row is locked: two saves at once cannot both pass the limit.
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) return NOT_FOUND;
    const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(savedSearches).where(eq(savedSearches.userId, userId))) as [
      { n: number },
    ];
    if (n >= max) return invalid({ form: "savedSearches.limit" }, 409, { max });
    const alerting = input.alert !== "none";
    const [row] = (await tx
      .insert(savedSearches)
      .values({
        userId,
        title: input.title,
        query: input.query,
        locale: ctx.locale,
        public: input.public || Boolean(input.hero),
        hero: Boolean(input.hero),
        alert: input.alert,
        alertMark: alerting ? currentMark : 0,
        alertCheckedAt: alerting ? sql`now()` : null,
      })
      .returning(columns)) as Row[];
    return { ok: true as const, search: toView(row!) };
  });
}

/**
 * Changes one of the viewer's saved searches: title, public flag, alert, and the hero flag (MANAGE_USERS;
 * left out, it is kept while the search stays public). The query and language stay those it was saved
 * with unless `query` is sent. Turning an alert on starts it from now (no mail about older records).
 */
export async function updateSavedSearch(ctx: ServiceContext, id: string, raw: unknown): Promise<SaveResult> {
  const current = await getSavedSearch(ctx, id);
  if (!current) return NOT_FOUND;
  const source = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  // What is not sent is kept (spec §4: an update may send only the name, plus public for searches).
  const parsed = SavedSearchInputSchema.safeParse({
    title: current.title,
    query: current.query,
    public: current.public,
    alert: current.alert,
    ...source,
  });
  if (!parsed.success) return invalid(fieldErrors(parsed.error));
  const input = parsed.data;
  if (input.hero !== undefined && input.hero !== current.hero && !canSetHero(ctx))
    return invalid({ hero: "savedSearches.heroForbidden" }, 403);
  const hero = input.hero ?? current.hero;
  const isPublic = input.public || hero;
  const startAlert = input.alert !== "none" && current.alert === "none";
  const [row] = (await ctx.database.db
    .update(savedSearches)
    .set({
      title: input.title,
      query: input.query,
      public: isPublic,
      hero: hero && isPublic,
      alert: input.alert,
      ...(startAlert ? { alertMark: currentMark, alertCheckedAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(owned(ctx, id))
    .returning(columns)) as Row[];
  return row ? { ok: true, search: toView(row) } : NOT_FOUND;
}

/** Deletes one of the viewer's saved searches (its unsubscribe links go with it); false when there was none. */
export async function deleteSavedSearch(ctx: ServiceContext, id: string): Promise<boolean> {
  if (ctx.viewer.kind !== "user" || !isSavedSearchId(id)) return false;
  const rows = await ctx.database.db.delete(savedSearches).where(owned(ctx, id)).returning({ id: savedSearches.id });
  return rows.length > 0;
}

export type HeroSearch = { id: string; title: string; query: string; locale: Locale };

/** The public searches put on the home page's hero, most recently changed first. */
export async function getHeroSearches(ctx: Pick<ServiceContext, "database">, limit = 6): Promise<HeroSearch[]> {
  const rows = await ctx.database.db
    .select({ id: savedSearches.id, title: savedSearches.title, query: savedSearches.query, locale: savedSearches.locale })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(and(eq(savedSearches.hero, true), eq(savedSearches.public, true), eq(users.disabled, false)))
    .orderBy(desc(savedSearches.updatedAt), asc(savedSearches.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, locale: isLocale(r.locale) ? r.locale : "it" }));
}

/** The saved search an unsubscribe link names (the token's SHA-256 is looked up), or null. */
export async function findByUnsubscribeToken(
  ctx: Pick<ServiceContext, "database">,
  token: string,
): Promise<{ title: string; alert: AlertFrequency; locale: Locale } | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const [row] = await ctx.database.db
    .select({ title: savedSearches.title, alert: savedSearches.alert, locale: savedSearches.locale })
    .from(savedSearchTokens)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchTokens.savedSearchId))
    .where(eq(savedSearchTokens.tokenHash, hashToken(token)));
  return row ? { title: row.title, alert: row.alert as AlertFrequency, locale: isLocale(row.locale) ? row.locale : "it" } : null;
}

/** Turns off the alert of the saved search an unsubscribe link names (no sign-in: the token is the key). */
export async function unsubscribeByToken(ctx: Pick<ServiceContext, "database">, token: string): Promise<boolean> {
  if (!/^[\w-]{20,100}$/.test(token)) return false;
  const rows = await ctx.database.db
    .update(savedSearches)
    .set({ alert: "none", updatedAt: sql`now()` })
    .where(
      sql`${savedSearches.id} = (select ${savedSearchTokens.savedSearchId} from ${savedSearchTokens} where ${savedSearchTokens.tokenHash} = ${hashToken(token)})`,
    )
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** JSON shape of a saved search (getSearches, saveDoc): the view with its rerun address. */
export function serializeSavedSearch(s: SavedSearchView, locale: Locale) {
  return {
    ...s,
    type: "searches" as const,
    name: s.title,
    pubblico: s.public,
    url: (locale === "it" ? "/cerca" : `/${locale}/cerca`) + (s.query ? `?${s.query}` : ""),
  };
}
