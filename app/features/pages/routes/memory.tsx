import { lazy, Suspense, useEffect, useRef } from "react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/memory";
import { serviceContext } from "~/.server/context";
import { can } from "~/.server/access";
import { notFound } from "~/.server/errors";
import { translate } from "~/i18n";
import { useI18n } from "~/i18n/context";
import { localizePath, splitLocale } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import { rootDataOf } from "~/root-data";
import { useEditMode } from "~/features/site-edit";
import { MemoryCards } from "../components/MemoryCards";
import { getMemoryPage, listMemoryCollection, memorySectionChoices } from "../memories.server";
import { exactSlug } from "../pages";
import { pageExists } from "../pages.server";
import "../components/memories.css";

// The in-place editor (decisions 076, 115): fetched only in edit mode.
const PageEditor = lazy(() => import("~/features/pages/components/PageEditor"));

/** Open to every visitor; what is unpublished is the 404 page. */
export const handle = { capability: "PUBLIC", layout: "default" };

/**
 * /memories/{collection} and /memories/{collection?}/{slug} (issue 34 §1, decision 115). One segment: a memory
 * page filed under no collection, else the memory pages of that collection; two: a page of that collection.
 * A page filed under a collection answers at its own address only (the one-segment one redirects there).
 * Unknown, unpublished or not a valid slug: 404. An administrator may open a free slug with `?new=1`
 * (and `section=`) to write a new memory page in place.
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const admin = can(context.viewer, "ADMIN");
  const headers = { "Cache-Control": context.viewer.kind === "user" ? "private, no-store" : "public, max-age=60" };
  const sections = admin ? await memorySectionChoices(ctx) : [];
  const slug = params.b ?? params.a;
  const page = await getMemoryPage(ctx, slug);
  if (page && (page.collection || null) === (params.b ? params.a : null))
    return data({ page, list: null, newSlug: null, admin, sections, section: "" }, { headers });
  if (page && !params.b) throw redirect(localizePath(page.href, splitLocale(url.pathname).ui), 301);
  if (!params.b && !page) {
    const list = await listMemoryCollection(ctx, params.a);
    if (list.length)
      return data({ page: null, list: { name: params.a, cards: list }, newSlug: null, admin, sections, section: "" }, { headers });
  }
  const valid = exactSlug("memory", slug);
  if (admin && !page && !params.b && url.searchParams.get("new") === "1" && valid && !(await pageExists(ctx, `memories/${valid}`)))
    return data(
      { page: null, list: null, newSlug: valid, admin, sections, section: exactSlug("memory", url.searchParams.get("section")) ?? "" },
      { headers },
    );
  throw notFound();
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data: d, matches, location }) => {
  const root = rootDataOf(matches);
  const locale = splitLocale(location.pathname).ui;
  if (!d) return [{ title: "404" }, { name: "robots", content: "noindex" }];
  const base = { siteTitle: root?.options.title, origin: root?.origin ?? "", languages: root?.languages, pathname: location.pathname };
  if (d.page)
    return [
      ...pageMeta({ ...base, title: d.page.title, description: d.page.description }),
      ...(d.page.published ? [] : [{ name: "robots", content: "noindex" }]),
    ];
  if (d.list) return pageMeta({ ...base, title: translate(locale, "memories.collectionTitle", { name: d.list.name }) });
  return [{ title: `/memories/${d.newSlug}` }, { name: "robots", content: "noindex" }];
};

export default function Memory({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { page, list, newSlug, sections, section } = loaderData;
  const edit = useEditMode();
  const { canEdit, isEdit, setEdit } = edit;
  // a new page opens in edit mode once
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!newSlug || !canEdit || opened.current === newSlug) return;
    opened.current = newSlug;
    if (!isEdit) setEdit(true);
  }, [newSlug, canEdit, isEdit, setEdit]);
  if (isEdit && (page || newSlug)) {
    const slug = page?.slug ?? newSlug!;
    return (
      <Suspense
        fallback={
          <p role="status" className="page">
            {t("siteEdit.loading")}
          </p>
        }
      >
        <PageEditor
          key={`${slug}:${edit.generation}`}
          kind="memory"
          slug={slug}
          isNew={!page}
          sections={sections}
          defaultSection={section}
        />
      </Suspense>
    );
  }
  const allSections = <Link to={localizePath("/memories/sections", locale)}>{t("memories.allSections")}</Link>;
  if (list)
    return (
      <section className="memories">
        <p className="memories__crumbs">{allSections}</p>
        <h1>{t("memories.collectionTitle", { name: list.name })}</h1>
        <MemoryCards cards={list.cards} />
      </section>
    );
  if (!page)
    return (
      <article className="page memory-page">
        <p className="memories__crumbs">{allSections}</p>
        <h1>/memories/{newSlug}</h1>
        <p className="memories__note" role="note">
          {t("memories.newNotice")}
        </p>
      </article>
    );
  return (
    <article className="page memory-page" lang={page.fallback ? page.locale : undefined}>
      <p className="memories__crumbs" lang={locale}>
        {page.sectionTitle ? (
          <Link to={localizePath(`/memories/sections/${page.section}`, locale)}>
            {t("memories.inSection", { title: page.sectionTitle })}
          </Link>
        ) : (
          allSections
        )}
      </p>
      {!page.published ? (
        <p className="memories__note" role="note" lang={locale}>
          {t("memories.draftNotice")}
        </p>
      ) : null}
      {page.fallback ? (
        <p className="memories__note" lang={locale}>
          {t("memories.fallbackNotice")}
        </p>
      ) : null}
      <h1>{page.title}</h1>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (app/.server/content-html.ts) when saved and again when read */}
      <div className="memory-page__body" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
