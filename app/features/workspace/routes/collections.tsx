import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/collections";
import { serviceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { getCards } from "~/features/records/cards.server";
import { accountMeta } from "~/features/accounts/meta";
import { formToken } from "~/features/accounts/login.server";
import { safeLocalPath } from "~/lib/safe-path";
import { localizePath } from "~/lib/locale";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { Picture } from "~/ui/Picture";
import { DEFAULT_PLACEHOLDER } from "~/features/site/options";
import type { RootData } from "~/root";
import { createCollection, pinState, setCurrentCollection, WorkspaceError } from "../workspace.server";
import { CollectionIdSchema, ItemRefSchema, TitleSchema, firstMessage } from "../workspace";
import { CountLabel } from "../components/CountLabel";
import { listSavedSearches } from "~/features/saved-searches/saved-searches.server";
import { searchHref } from "~/features/saved-searches/saved-searches";

/**
 * The workspace's kinds of work, one tab each (`?tab=`): the state is the URL, each tab a link (moodboards and
 * stories live on each collection's page).
 */
const TABS = ["collections", "searches"] as const;
type Tab = (typeof TABS)[number];

/** /collections (spec §2): the user's collections; `?new=1&table=&id=` opens the new-collection form with that record. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const state = await pinState(ctx);
  const q = url.searchParams;
  const ref = ItemRefSchema.safeParse({ table: q.get("table"), id: q.get("id") });
  const [item] = ref.success ? await getCards(ctx, [ref.data]) : [];
  const { token, setCookie } = formToken(context);
  const tab: Tab = (TABS as readonly string[]).includes(q.get("tab") ?? "") ? (q.get("tab") as Tab) : "collections";
  const searches = tab === "searches" ? await listSavedSearches(ctx) : [];
  return data(
    {
      tab,
      searches,
      collections: state.collections,
      current: state.current?.id ?? null,
      creating: q.get("new") === "1" || Boolean(item),
      item: item ?? null,
      back: q.get("back") ? safeLocalPath(q.get("back")) : null,
      csrf: token,
    },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const ctx = serviceContext(context, url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "current") {
      const id = CollectionIdSchema.safeParse(form.get("collection"));
      if (!id.success) throw notFound();
      await setCurrentCollection(ctx, id.data);
      return { ok: true as const, error: null, title: "" };
    }
    if (intent === "create") {
      const title = TitleSchema.safeParse(form.get("title"));
      if (!title.success) return data({ ok: false as const, error: firstMessage(title.error) as MessageKey, title: String(form.get("title") ?? "") }, { status: 400 });
      const ref = form.get("table") ? ItemRefSchema.safeParse({ table: form.get("table"), id: form.get("id") }) : null;
      if (ref && !ref.success) return data({ ok: false as const, error: "workspace.error.item" as MessageKey, title: title.data }, { status: 400 });
      const created = await createCollection(ctx, { title: title.data, items: ref ? [ref.data] : [] });
      // Back to the page the pin was pressed on, or to the new collection.
      const back = form.get("back") ? safeLocalPath(String(form.get("back"))) : null;
      throw redirect(back ?? localizePath(`/collections/${created.id}`, ctx.locale), 303);
    }
  } catch (err) {
    if (err instanceof WorkspaceError) {
      if (err.code === "notFound") throw notFound();
      return data({ ok: false as const, error: err.messageKey as MessageKey, title: String(form.get("title") ?? ""), params: err.params }, { status: err.code === "invalid" ? 400 : 409 });
    }
    throw err;
  }
  return data({ ok: false as const, error: "workspace.error.invalid" as MessageKey, title: "" }, { status: 400 });
}

export const meta = accountMeta("workspace.collections.title", "workspace.collections.intro");

export const handle = { layout: "default", capability: "PRIVATE" };

export default function Collections({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const root = matches[0]?.data as RootData | undefined;
  const placeholder = root?.options.placeholder ?? DEFAULT_PLACEHOLDER;
  const busy = useNavigation().state === "submitting";
  const { collections, current, item } = loaderData;
  const error = actionData && !actionData.ok ? actionData.error : null;
  const params = actionData && "params" in actionData ? (actionData.params as Record<string, string | number>) : undefined;
  const creating = loaderData.creating || Boolean(error);
  const base = localizePath("/collections", locale);
  return (
    <section className="page workspace">
      <h1>{t("workspace.collections.title")}</h1>
      <nav className="workspace-tabs" aria-label={t("workspace.tabs.label")}>
        <ul>
          {TABS.map((tab) => (
            <li key={tab}>
              <Link to={tab === "collections" ? base : `${base}?tab=${tab}`} aria-current={loaderData.tab === tab ? "page" : undefined} className="workspace-tabs__tab">
                {t(tab === "collections" ? "workspace.tabs.collections" : "workspace.tabs.searches")}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.tab === "searches" ? <SearchesTab searches={loaderData.searches} /> : null}
      {loaderData.tab === "collections" ? <p className="workspace__intro">{t("workspace.collections.intro")}</p> : null}
      {loaderData.tab !== "collections" ? null : creating ? (
        <Form method="post" className="workspace-form" aria-labelledby="new-collection-heading">
          <h2 id="new-collection-heading">{item ? t("workspace.collections.newWith", { title: item.preferred_label }) : t("workspace.collections.new")}</h2>
          {item ? (
            <div className="workspace-form__item">
              <Picture urls={item.url.thumbnail || item.url.medium ? item.url : { thumbnail: null, medium: placeholder, large: null }} alt="" width={item.width} height={item.height} sizes="120px" focalPoint={item.focalPoint} placeholder={placeholder} />
              <span>{item.preferred_label}</span>
              <input type="hidden" name="table" value={item.table} />
              <input type="hidden" name="id" value={item.id} />
            </div>
          ) : null}
          {error ? (
            <p id="new-collection-error" className="form-error" role="alert">
              {t(error, params)}
            </p>
          ) : null}
          <input type="hidden" name="csrf" value={loaderData.csrf} />
          <input type="hidden" name="intent" value="create" />
          {loaderData.back ? <input type="hidden" name="back" value={loaderData.back} /> : null}
          <p className="login-form__field">
            <label htmlFor="new-collection-title">{t("workspace.collections.titleField")}</label>
            <input
              id="new-collection-title"
              name="title"
              required
              maxLength={120}
              defaultValue={actionData && !actionData.ok ? actionData.title : ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "new-collection-error" : undefined}
              autoFocus
            />
          </p>
          <p className="workspace-form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("workspace.collections.create")}
            </button>
            <Link to={loaderData.back ?? localizePath("/collections", locale)} className="button button--ghost">
              {t("workspace.collections.cancel")}
            </Link>
          </p>
        </Form>
      ) : (
        <p>
          <Link to={`${localizePath("/collections", locale)}?new=1`} className="button button--primary">
            {t("workspace.collections.new")}
          </Link>
        </p>
      )}
      {loaderData.tab !== "collections" ? null : collections.length === 0 ? (
        <p className="workspace__empty">{t("workspace.collections.empty")}</p>
      ) : (
        <ul className="collection-grid" aria-label={t("workspace.collections.title")}>
          {collections.map((c) => (
            <li key={c.id} className="collection-tile">
              <div className="collection-tile__cover">
                <Picture urls={{ thumbnail: null, medium: c.cover.url ?? placeholder, large: null }} alt="" width={null} height={null} sizes="(min-width: 768px) 25vw, 50vw" focalPoint={null} placeholder={placeholder} />
              </div>
              <h2 className="collection-tile__title">
                <Link to={localizePath(`/collections/${c.id}`, locale)}>{c.title}</Link>
              </h2>
              <p className="collection-tile__meta">
                <CountLabel count={c.count} />
                {" · "}
                {c.sharedBy !== null ? t("workspace.share.sharedBy", { owner: c.sharedBy }) : c.public ? t("workspace.collections.published") : t("workspace.collections.private")}
              </p>
              {c.role === "reader" ? null : c.id === current ? (
                <p className="collection-tile__current">{t("workspace.collections.current")}</p>
              ) : (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="csrf" value={loaderData.csrf} />
                  <input type="hidden" name="intent" value="current" />
                  <input type="hidden" name="collection" value={c.id} />
                  <button type="submit" className="button button--ghost button--small">
                    {t("workspace.collections.makeCurrent", { title: c.title })}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The saved searches, in short: rerun each, or manage them on /searches. */
function SearchesTab({ searches }: { searches: Route.ComponentProps["loaderData"]["searches"] }) {
  const { t, locale } = useI18n();
  return (
    <>
      <p className="workspace__intro">{t("savedSearches.intro")}</p>
      {searches.length === 0 ? (
        <div className="workspace__empty">
          <p>{t("savedSearches.empty")}</p>
          <p>
            <Link className="button button--primary" to={localizePath("/cerca", locale)}>
              {t("savedSearches.goSearch")}
            </Link>
          </p>
        </div>
      ) : (
        <ul className="workspace-searches">
          {searches.map((s) => (
            <li key={s.id}>
              <a href={searchHref(s.query, s.locale)}>{s.title}</a>
              <span className="workspace-searches__meta">{s.public ? t("savedSearches.badge.public") : t("savedSearches.badge.private")}</span>
              <Link to={localizePath(`/searches/${s.id}`, locale)} className="button button--ghost button--small" aria-label={t("savedSearches.editNamed", { title: s.title })}>
                {t("savedSearches.editAction")}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={localizePath("/searches", locale)}>{t("workspace.tabs.manageSearches")}</Link>
      </p>
    </>
  );
}
