import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/collections";
import { isRefusal } from "~/.server/access";
import { serviceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { getCards } from "~/features/records/index.server";
import { accountMeta } from "~/features/accounts";
import { formToken } from "~/features/accounts/index.server";
import { safeLocalPath } from "~/lib/safe-path";
import { localizePath } from "~/lib/locale";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { Picture } from "~/ui/Picture";
import { DEFAULT_PLACEHOLDER } from "~/features/site";
import { useRootData } from "~/root-data";
import { createCollection, pinState, setCurrentCollection, WorkspaceError } from "~/features/workspace/index.server";
import { CollectionIdSchema, ItemRefSchema, TitleSchema, firstMessage } from "~/features/workspace";
import { CountLabel } from "~/features/workspace";
import { listSavedSearches } from "~/features/saved-searches/index.server";
import { searchHref } from "~/features/saved-searches";
import { listStories } from "~/features/stories/index.server";
import { listMoodboards } from "~/features/workspace/index.server";
import { listMaps } from "~/features/relmap/index.server";
import { deleteUpload, listUploadsWithUses, UploadError } from "~/features/workspace/index.server";
import { UploadIdSchema, useHref, useKey } from "~/features/workspace";
import { usesText } from "~/features/workspace/index.server";
import { LOCALE_TAGS } from "~/lib/locale";

/**
 * The workspace's kinds of work, one tab each (`?tab=`, spec §2): the state is the URL, each tab a link, so they
 * work without JavaScript (decision 067). Moodboards and stories are made on a collection's page and listed
 * here across all of them.
 */
const TABS = ["collections", "searches", "moodboards", "stories", "mappe", "uploads"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL: Record<Tab, MessageKey> = {
  collections: "workspace.tabs.collections",
  searches: "workspace.tabs.searches",
  moodboards: "workspace.tabs.moodboards",
  stories: "workspace.tabs.stories",
  mappe: "workspace.tabs.maps",
  uploads: "workspace.tabs.uploads",
};

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
  const moodboards = tab === "moodboards" ? await listMoodboards(ctx) : [];
  const stories = tab === "stories" ? await listStories(ctx) : [];
  const maps = tab === "mappe" ? await listMaps(ctx) : [];
  const uploads = tab === "uploads" ? await listUploadsWithUses(ctx) : null;
  return data(
    {
      tab,
      searches,
      moodboards,
      stories,
      maps,
      uploads,
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
    if (intent === "deleteUpload") {
      const id = UploadIdSchema.safeParse(form.get("upload"));
      if (!id.success) throw notFound();
      try {
        await deleteUpload(ctx, id.data);
      } catch (err) {
        if (!(err instanceof UploadError)) throw err;
        if (err.code !== "inUse") throw notFound();
        return data(
          { ok: false as const, error: null, title: "", upload: { id: id.data, message: usesText(ctx.locale, err.uses) } },
          { status: 409 },
        );
      }
      return { ok: true as const, error: null, title: "", deleted: true };
    }
    if (intent === "current") {
      const id = CollectionIdSchema.safeParse(form.get("collection"));
      if (!id.success) throw notFound();
      await setCurrentCollection(ctx, id.data);
      return { ok: true as const, error: null, title: "" };
    }
    if (intent === "create") {
      const title = TitleSchema.safeParse(form.get("title"));
      if (!title.success)
        return data(
          { ok: false as const, error: firstMessage(title.error) as MessageKey, title: String(form.get("title") ?? "") },
          { status: 400 },
        );
      const ref = form.get("table") ? ItemRefSchema.safeParse({ table: form.get("table"), id: form.get("id") }) : null;
      if (ref && !ref.success)
        return data({ ok: false as const, error: "workspace.error.item" as MessageKey, title: title.data }, { status: 400 });
      const created = await createCollection(ctx, { title: title.data, items: ref ? [ref.data] : [] });
      // Back to the page the pin was pressed on, or to the new collection.
      const back = form.get("back") ? safeLocalPath(String(form.get("back"))) : null;
      throw redirect(back ?? localizePath(`/collections/${created.id}`, ctx.locale), 303);
    }
  } catch (err) {
    if (isRefusal(err)) {
      if (err.status === 404) throw notFound();
      // a shared user who may not make it current: shown on the page, as a 409 (as it always was)
      return data(
        { ok: false as const, error: err.messageKey as MessageKey, title: String(form.get("title") ?? ""), params: {} },
        { status: 409 },
      );
    }
    if (err instanceof WorkspaceError) {
      return data(
        { ok: false as const, error: err.messageKey as MessageKey, title: String(form.get("title") ?? ""), params: err.params },
        { status: err.code === "invalid" ? 400 : 409 },
      );
    }
    throw err;
  }
  return data({ ok: false as const, error: "workspace.error.invalid" as MessageKey, title: "" }, { status: 400 });
}

export const meta = accountMeta("workspace.collections.title", "workspace.collections.intro");

export const handle = { layout: "default", capability: "PRIVATE" };

export default function Collections({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const root = useRootData();
  const placeholder = root?.options.placeholder ?? DEFAULT_PLACEHOLDER;
  const busy = useNavigation().state === "submitting";
  const { collections, current, item } = loaderData;
  const error = actionData && !actionData.ok ? actionData.error : null;
  const titleBack = actionData && !actionData.ok ? actionData.title : "";
  const params = actionData && "params" in actionData ? (actionData.params as Record<string, string | number>) : undefined;
  const creating = loaderData.creating || Boolean(error);
  const base = localizePath("/collections", locale);
  // On a phone the tabs are one row that scrolls sideways: the current one is brought into it (the row only:
  // the page does not move).
  const tabRow = useRef<HTMLUListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tab is the trigger: the current tab is brought into the row after each change
  useEffect(() => {
    const row = tabRow.current;
    const tab = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !tab || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = tab.offsetLeft - row.offsetLeft - (row.clientWidth - tab.offsetWidth) / 2;
  }, [loaderData.tab]);
  return (
    <section className="page workspace">
      <h1>{t("workspace.collections.title")}</h1>
      <nav className="workspace-tabs" aria-label={t("workspace.tabs.label")}>
        <ul ref={tabRow}>
          {TABS.map((tab) => (
            <li key={tab}>
              <Link
                to={tab === "collections" ? base : `${base}?tab=${tab}`}
                aria-current={loaderData.tab === tab ? "page" : undefined}
                className="workspace-tabs__tab"
              >
                {t(TAB_LABEL[tab])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.tab === "searches" ? <SearchesTab searches={loaderData.searches} /> : null}
      {loaderData.tab === "moodboards" ? <MoodboardsTab boards={loaderData.moodboards} collections={collections} /> : null}
      {loaderData.tab === "stories" ? <StoriesTab stories={loaderData.stories} collections={collections} /> : null}
      {loaderData.tab === "mappe" ? <MapsTab maps={loaderData.maps} /> : null}
      {loaderData.tab === "uploads" && loaderData.uploads ? (
        <UploadsTab
          list={loaderData.uploads}
          csrf={loaderData.csrf}
          deleted={Boolean(actionData && "deleted" in actionData)}
          refused={actionData && "upload" in actionData ? actionData.upload : null}
        />
      ) : null}
      {loaderData.tab === "collections" ? <p className="workspace__intro">{t("workspace.collections.intro")}</p> : null}
      {loaderData.tab !== "collections" ? null : creating ? (
        <Form method="post" className="workspace-form" aria-labelledby="new-collection-heading">
          <h2 id="new-collection-heading">
            {item ? t("workspace.collections.newWith", { title: item.preferred_label }) : t("workspace.collections.new")}
          </h2>
          {item ? (
            <div className="workspace-form__item">
              <Picture
                urls={item.url.thumbnail || item.url.medium ? item.url : { thumbnail: null, medium: placeholder, large: null }}
                alt=""
                width={item.width}
                height={item.height}
                sizes="120px"
                focalPoint={item.focalPoint}
                placeholder={placeholder}
              />
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
              defaultValue={titleBack}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "new-collection-error" : undefined}
              // biome-ignore lint/a11y/noAutofocus: the form the user just asked for (a new collection): the focus goes to its one field
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
                <Picture
                  urls={{ thumbnail: null, medium: c.cover.url ?? placeholder, large: null }}
                  alt=""
                  width={null}
                  height={null}
                  sizes="(min-width: 768px) 25vw, 50vw"
                  focalPoint={null}
                  placeholder={placeholder}
                />
              </div>
              <h2 className="collection-tile__title">
                <Link to={localizePath(`/collections/${c.id}`, locale)}>{c.title}</Link>
              </h2>
              <p className="collection-tile__meta">
                <CountLabel count={c.count} />
                {" · "}
                {c.sharedBy !== null
                  ? t("workspace.share.sharedBy", { owner: c.sharedBy })
                  : c.public
                    ? t("workspace.collections.published")
                    : t("workspace.collections.private")}
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
              <span className="workspace-searches__meta">
                {s.public ? t("savedSearches.badge.public") : t("savedSearches.badge.private")}
              </span>
              <Link
                to={localizePath(`/searches/${s.id}`, locale)}
                className="button button--ghost button--small"
                aria-label={t("savedSearches.editNamed", { title: s.title })}
              >
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

type LoaderData = Route.ComponentProps["loaderData"];
const collectionTitle = (collections: LoaderData["collections"], id: string) => collections.find((c) => c.id === id)?.title ?? "";

/** The user's moodboards across their collections, each opening its editor. */
function MoodboardsTab({ boards, collections }: { boards: LoaderData["moodboards"]; collections: LoaderData["collections"] }) {
  const { t, locale } = useI18n();
  return (
    <>
      <p className="workspace__intro">{t("workspace.moodboards.intro")}</p>
      {boards.length === 0 ? (
        <EmptyTab message={t("workspace.moodboards.empty")} />
      ) : (
        <ul className="collection-grid" aria-label={t("workspace.tabs.moodboards")}>
          {boards.map((b) => (
            <li key={b.id} className="collection-tile">
              <Link
                to={localizePath(`/collections/${b.collectionId}/moodboards/${b.id}`, locale)}
                className="moodboard-list__link"
                aria-label={t("moodboard.list.open", { title: b.title })}
              >
                <span className="moodboard-list__thumb" style={{ background: b.background }} aria-hidden="true">
                  {b.cover ? <img src={b.cover} alt="" loading="lazy" width={220} height={140} /> : null}
                </span>
                <span className="moodboard-list__title">{b.title}</span>
                <span className="workspace__meta">
                  {t("moodboard.list.count", { count: b.count })} ·{" "}
                  {t("workspace.items.inCollection", { title: collectionTitle(collections, b.collectionId) })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The user's stories across their collections: each opens its editor, a published one also its public page. */
function StoriesTab({ stories, collections }: { stories: LoaderData["stories"]; collections: LoaderData["collections"] }) {
  const { t, locale } = useI18n();
  return (
    <>
      <p className="workspace__intro">{t("workspace.stories.intro")}</p>
      {stories.length === 0 ? (
        <EmptyTab message={t("workspace.stories.empty")} />
      ) : (
        <ul className="workspace-searches" aria-label={t("workspace.tabs.stories")}>
          {stories.map((s) => (
            <li key={s.id}>
              <Link to={localizePath(`/collections/${s.collectionId}/stories/${s.id}`, locale)}>{s.title}</Link>
              <span className="workspace-searches__meta">
                {t("stories.list.blocks", { count: s.blockCount })} ·{" "}
                {t("workspace.items.inCollection", { title: collectionTitle(collections, s.collectionId) })} ·{" "}
                {s.public ? t("stories.publish.published") : t("stories.publish.private")}
              </span>
              {s.public && s.publishedSlug ? (
                <Link
                  to={localizePath(`/public/stories/${s.publishedSlug}`, locale)}
                  className="button button--ghost button--small"
                  aria-label={t("workspace.stories.openPublic", { title: s.title })}
                >
                  {t("workspace.stories.publicPage")}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The user's saved relational maps (decision 111): each opens its page, a published one also its public address. */
function MapsTab({ maps }: { maps: LoaderData["maps"] }) {
  const { t, locale } = useI18n();
  return (
    <>
      <p className="workspace__intro">{t("workspace.maps.intro")}</p>
      {maps.length === 0 ? (
        <div className="workspace__empty">
          <p>{t("workspace.maps.empty")}</p>
        </div>
      ) : (
        <ul className="workspace-searches" aria-label={t("workspace.tabs.maps")}>
          {maps.map((m) => (
            <li key={m.id}>
              <Link to={localizePath(`/mappa/${m.id}`, locale)}>{m.title}</Link>
              <span className="workspace-searches__meta">{m.public ? t("stories.publish.published") : t("stories.publish.private")}</span>
              {m.public && m.publishedSlug ? (
                <Link
                  to={localizePath(`/public/maps/${m.publishedSlug}`, locale)}
                  className="button button--ghost button--small"
                  aria-label={t("workspace.stories.openPublic", { title: m.title })}
                >
                  {t("workspace.stories.publicPage")}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function EmptyTab({ message }: { message: string }) {
  const { t, locale } = useI18n();
  return (
    <div className="workspace__empty">
      <p>{message}</p>
      <p>
        <Link className="button button--primary" to={localizePath("/collections", locale)}>
          {t("workspace.items.goCollections")}
        </Link>
      </p>
    </div>
  );
}

/**
 * The user's uploads: the quota in use, each image with where it is shown, and its deletion — a disclosure
 * asking 'Confermi la cancellazione?' and a form post, no script needed. An image still in use is refused,
 * and the message names where (decision 067).
 */
function UploadsTab({
  list,
  csrf,
  deleted,
  refused,
}: {
  list: NonNullable<LoaderData["uploads"]>;
  csrf: string;
  deleted: boolean;
  refused: { id: string; message: string } | null;
}) {
  const { t, locale } = useI18n();
  const tag = LOCALE_TAGS[locale];
  const mb = (bytes: number) => new Intl.NumberFormat(tag, { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024);
  const size = (bytes: number) =>
    bytes < 1024 * 1024
      ? new Intl.NumberFormat(tag, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))
      : new Intl.NumberFormat(tag, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(bytes / 1024 / 1024);
  const day = new Intl.DateTimeFormat(tag, { day: "numeric", month: "long", year: "numeric" });
  const { quota, uploads } = list;
  return (
    <>
      <p className="workspace__intro">{t("workspace.uploads.intro")}</p>
      <p className="workspace__meta">
        {t("workspace.uploads.quota", { count: quota.count, maxCount: quota.maxCount, mb: mb(quota.bytes), maxMb: mb(quota.maxBytes) })}
      </p>
      <p role="status" className="workspace__status">
        {deleted ? t("workspace.uploads.deleted") : ""}
      </p>
      {uploads.length === 0 ? (
        <p className="workspace__empty">{t("workspace.uploads.empty")}</p>
      ) : (
        <ul className="collection-grid" aria-label={t("workspace.uploads.list")}>
          {uploads.map((u) => (
            <li key={u.id} className="collection-tile upload-tile">
              <div className="collection-tile__cover">
                <img src={u.url} alt="" loading="lazy" width={u.width} height={u.height} />
              </div>
              <h2 className="collection-tile__title">{u.name}</h2>
              <p className="collection-tile__meta">
                {t("workspace.uploads.details", {
                  width: u.width,
                  height: u.height,
                  size: size(u.size),
                  date: day.format(new Date(u.createdAt)),
                })}
              </p>
              {u.uses.length ? (
                <div className="collection-tile__meta">
                  {t("workspace.uploads.usedIn")}
                  <ul className="upload-tile__uses">
                    {u.uses.map((use) => (
                      <li key={`${use.type}/${use.id}`}>
                        {/* biome-ignore lint/correctness/useHookAtTopLevel: useHref and useKey are plain functions of an upload's use, not hooks (renaming them is a follow-up, decision 085) */}
                        <Link to={localizePath(useHref(use), locale)}>{t(useKey(use), { title: use.title })}</Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : (
                <p className="collection-tile__meta">{t("workspace.uploads.unused")}</p>
              )}
              {refused?.id === u.id ? (
                <p className="form-error upload-tile__error" role="alert">
                  {refused.message}
                </p>
              ) : null}
              <details className="upload-tile__delete">
                <summary className="button button--ghost button--small" aria-label={t("workspace.uploads.deleteNamed", { name: u.name })}>
                  {t("workspace.uploads.delete")}
                </summary>
                <Form method="post" preventScrollReset>
                  <p>{t("workspace.uploads.confirm")}</p>
                  <input type="hidden" name="csrf" value={csrf} />
                  <input type="hidden" name="intent" value="deleteUpload" />
                  <input type="hidden" name="upload" value={u.id} />
                  <button type="submit" className="button button--danger button--small">
                    {t("workspace.uploads.confirmYes", { name: u.name })}
                  </button>
                </Form>
              </details>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
