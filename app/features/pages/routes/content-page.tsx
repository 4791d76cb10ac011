import { lazy, Suspense, useEffect, useRef } from "react";
import type { Route } from "./+types/content-page";
import { data, Link } from "react-router";
import { serviceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import { rootDataOf } from "~/root-data";
import { can } from "~/.server/access";
import { useEditMode } from "~/features/site-edit";
import { getContentPage } from "../pages.server";
import { PageSlugSchema } from "../pages";

// The in-place editor (decision 076): its code (tiptap, the picker) is fetched only in edit mode.
const PageEditor = lazy(() => import("~/features/pages/components/PageEditor"));

/** Open to every visitor (route guard, decision 040); what is unpublished is the 404 page. */
export const handle = { capability: "PUBLIC", layout: "default" };

/**
 * `/{slug}` in each language (spec §2's catch-all; issue 16 §3, decision 072): a content page, in the URL's
 * language or else in Italian (marked with its language). Unknown, unpublished or not a valid slug: 404.
 * Drafts are shown to admins only, with a notice, and never cached. An admin may also open a page that does
 * not exist yet with `?new=1` (a free, valid slug): the page opens in edit mode to be written in place.
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const page = await getContentPage(serviceContext(context, url), params.slug);
  const admin = can(context.viewer, "ADMIN");
  const headers = { "Cache-Control": context.viewer.kind === "user" ? "private, no-store" : "public, max-age=60" };
  if (!page) {
    const slug = PageSlugSchema.safeParse(params.slug);
    if (admin && url.searchParams.get("new") === "1" && slug.success && slug.data === params.slug)
      return data({ page: null, newSlug: slug.data, admin }, { headers });
    throw notFound();
  }
  return data({ page, newSlug: null, admin }, { headers });
}

export const meta: Route.MetaFunction = ({ data: d, matches, location }) => {
  const root = rootDataOf(matches);
  if (!d) return [{ title: "404" }, { name: "robots", content: "noindex" }];
  if (!d.page) return [{ title: `/${d.newSlug}` }, { name: "robots", content: "noindex" }];
  return [
    ...pageMeta({
      title: d.page.title,
      siteTitle: root?.options.title,
      description: d.page.description,
      origin: root?.origin ?? "",
      languages: root?.languages,
      pathname: location.pathname,
    }),
    ...(d.page.published ? [] : [{ name: "robots", content: "noindex" }]),
  ];
};

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { page, admin, newSlug } = loaderData;
  const edit = useEditMode();
  const { canEdit, isEdit, setEdit } = edit;
  // a new page opens in edit mode once: turning edit mode off afterwards keeps it off
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!newSlug || !canEdit || opened.current === newSlug) return;
    opened.current = newSlug;
    if (!isEdit) setEdit(true);
  }, [newSlug, canEdit, isEdit, setEdit]);
  if (isEdit && (page || newSlug)) {
    return (
      <Suspense
        fallback={
          <p role="status" className="page">
            {t("siteEdit.loading")}
          </p>
        }
      >
        <PageEditor key={`${page?.slug ?? newSlug}:${edit.generation}`} slug={page?.slug ?? newSlug!} isNew={!page} />
      </Suspense>
    );
  }
  if (!page)
    return (
      <article className="page content-page">
        <h1>/{newSlug}</h1>
        <p className="content-page__draft" role="note">
          {t("pages.newNotice")}
        </p>
      </article>
    );
  return (
    // Shown in another language than the page's (the Italian text on /en without its own, or on a further
    // language's page, decision 075): marked as such.
    <article className="page content-page" lang={page.locale !== locale ? page.locale : undefined}>
      {!page.published ? (
        <p className="content-page__draft" role="note">
          {t("pages.draftNotice")}
        </p>
      ) : null}
      {page.locale !== locale ? (
        <p className="content-page__fallback" lang={locale}>
          {t("pages.fallbackNotice")}
        </p>
      ) : null}
      <h1>{page.title}</h1>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (app/.server/content-html.ts) when saved and again when read */}
      <div className="content-page__body" dangerouslySetInnerHTML={{ __html: page.html }} />
      {admin ? (
        <p className="content-page__edit" lang={locale}>
          <Link className="button button--small" to={`${localizePath(`/console/pages/${page.slug}`, locale)}?locale=${page.locale}`}>
            {t("pages.admin.edit")}
          </Link>
        </p>
      ) : null}
    </article>
  );
}
