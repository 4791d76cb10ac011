import { lazy, Suspense, useEffect, useRef } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/memory-section";
import { serviceContext } from "~/.server/context";
import { can } from "~/.server/access";
import { notFound } from "~/.server/errors";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import { rootDataOf } from "~/root-data";
import { useEditMode } from "~/features/site-edit";
import { MemoryCards } from "../components/MemoryCards";
import { getMemorySection } from "../memories.server";
import { sectionExists } from "../pages.server";
import { exactSlug } from "../pages";
import { NewSlugForm } from "../components/NewSlugForm";
import "../components/memories.css";

// The in-place editor (decisions 076, 115): fetched only in edit mode.
const PageEditor = lazy(() => import("~/features/pages/components/PageEditor"));

/** Open to every visitor; what is unpublished is the 404 page. */
export const handle = { capability: "PUBLIC", layout: "default" };

/**
 * /memories/sections/{slug} (issue 34 §1, decision 115): a memory section's introduction and its memory pages
 * as "interviews" cards. Unknown, unpublished or not a valid slug: 404. An administrator may open a free slug
 * with `?new=1` to write a new section in place.
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const found = await getMemorySection(ctx, params.slug);
  const admin = can(context.viewer, "ADMIN");
  const headers = { "Cache-Control": context.viewer.kind === "user" ? "private, no-store" : "public, max-age=60" };
  if (!found) {
    const slug = exactSlug("memory-section", params.slug);
    if (admin && url.searchParams.get("new") === "1" && slug && !(await sectionExists(ctx, slug)))
      return data({ found: null, newSlug: slug, admin }, { headers });
    throw notFound();
  }
  return data({ found, newSlug: null, admin }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data: d, matches, location }) => {
  const root = rootDataOf(matches);
  if (!d) return [{ title: "404" }, { name: "robots", content: "noindex" }];
  if (!d.found) return [{ title: `/memories/sections/${d.newSlug}` }, { name: "robots", content: "noindex" }];
  return [
    ...pageMeta({
      title: d.found.section.title,
      siteTitle: root?.options.title,
      description: d.found.section.description,
      origin: root?.origin ?? "",
      languages: root?.languages,
      pathname: location.pathname,
    }),
    ...(d.found.section.published ? [] : [{ name: "robots", content: "noindex" }]),
  ];
};

export default function MemorySection({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { found, admin, newSlug } = loaderData;
  const edit = useEditMode();
  const { canEdit, isEdit, setEdit } = edit;
  // a new section opens in edit mode once
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!newSlug || !canEdit || opened.current === newSlug) return;
    opened.current = newSlug;
    if (!isEdit) setEdit(true);
  }, [newSlug, canEdit, isEdit, setEdit]);
  const slug = found?.section.slug ?? newSlug!;
  if (isEdit) {
    return (
      <Suspense
        fallback={
          <p role="status" className="page">
            {t("siteEdit.loading")}
          </p>
        }
      >
        <PageEditor key={`${slug}:${edit.generation}`} kind="memory-section" slug={slug} isNew={!found} />
      </Suspense>
    );
  }
  const crumbs = (
    <p className="memories__crumbs">
      <Link to={localizePath("/memories/sections", locale)}>{t("memories.allSections")}</Link>
    </p>
  );
  if (!found)
    return (
      <section className="memories">
        {crumbs}
        <h1>/memories/sections/{newSlug}</h1>
        <p className="memories__note" role="note">
          {t("memories.newNotice")}
        </p>
      </section>
    );
  const { section, pages } = found;
  return (
    <section className="memories">
      {crumbs}
      {!section.published ? (
        <p className="memories__note" role="note">
          {t("memories.draftNotice")}
        </p>
      ) : null}
      {section.fallback ? <p className="memories__note">{t("memories.fallbackNotice")}</p> : null}
      <div lang={section.fallback ? section.locale : undefined}>
        <h1>{section.title}</h1>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (app/.server/content-html.ts) when saved and again when read */}
        <div className="memories__intro" dangerouslySetInnerHTML={{ __html: section.html }} />
      </div>
      {pages.length === 0 ? <p className="empty-state">{t("memories.sectionEmpty")}</p> : <MemoryCards cards={pages} />}
      {admin ? (
        <NewSlugForm
          legend={t("memories.newPage")}
          to={(s) => `/memories/${s}`}
          query={{ section: section.slug }}
          taken={(s) => pages.some((p) => p.slug === s)}
        />
      ) : null}
    </section>
  );
}
