import { Pagination } from "~/ui/Pagination";
import { data, Link } from "react-router";
import type { Route } from "./+types/public-collections";
import { serviceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { LOCALE_TAGS, localizePath, splitLocale } from "~/lib/locale";
import { translate } from "~/i18n";
import { useI18n } from "~/i18n/context";
import { alternateLinks } from "~/lib/seo";
import { rootDataOf } from "~/root-data";
import { listPublishedCollections } from "../workspace.server";
import { PUBLISHED_PAGE_SIZE, PublishedListSchema } from "../workspace";
import { CountLabel } from "../components/CountLabel";

/**
 * /public/collections (issue 31): the index of published collections, newest publication first, a page of
 * PUBLISHED_PAGE_SIZE at a time (`?page=`), as /public/stories lists the stories. Only collections public now,
 * of active accounts; counts and covers are what the visitor may see. A page past the last is not found.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { page } = PublishedListSchema.parse(Object.fromEntries(url.searchParams));
  const list = await listPublishedCollections(serviceContext(context, url), { page, pageSize: PUBLISHED_PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  if (page > pages) throw notFound();
  // Unpublishing must take effect at once: no shared cache keeps the list.
  return data({ ...list, pages }, { headers: { "Cache-Control": "no-cache" } });
}

export const meta: Route.MetaFunction = ({ matches, location, data: d }) => {
  const root = rootDataOf(matches);
  const locale = splitLocale(location.pathname).ui;
  const page = d?.page ?? 1;
  const title = page > 1 ? translate(locale, "workspace.public.listPageTitle", { page }) : translate(locale, "workspace.public.listTitle");
  const site = root?.options.title;
  const description = translate(locale, "workspace.public.listIntro");
  return [
    { title: site ? `${title} · ${site}` : title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    // each page is its own canonical (page 2 is not page 1)
    ...alternateLinks(root?.origin ?? "", location.pathname, page > 1 ? `?page=${page}` : "", root?.languages),
  ];
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const handle = { layout: "default", capability: "PUBLIC" };

export default function PublicCollections({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { items, page, pages } = loaderData;
  const base = localizePath("/public/collections", locale);
  const pageLink = (p: number) => (p > 1 ? `${base}?page=${p}` : base);
  const date = (iso: string) =>
    t("workspace.public.publishedOn", {
      date: new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: "numeric", month: "long", year: "numeric" }).format(new Date(iso)),
    });
  return (
    <section className="page published-list">
      <h1>{t("workspace.public.listTitle")}</h1>
      <p className="published-list__intro">{t("workspace.public.listIntro")}</p>
      {items.length === 0 ? (
        <p className="workspace__empty">{t("workspace.public.listEmpty")}</p>
      ) : (
        <ul className="published-list__items">
          {items.map((c) => (
            <li key={c.slug} className="published-list__item">
              <Link to={localizePath(`/public/collections/${c.slug}`, locale)}>
                {c.cover ? <img src={c.cover} alt="" loading="lazy" /> : <span className="published-list__nocover" aria-hidden="true" />}
                <span className="published-list__title">{c.title}</span>
              </Link>
              <p className="published-list__meta">
                <CountLabel count={c.count} />
                {c.publishedAt ? ` · ${date(c.publishedAt)}` : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pages={pages}
        href={pageLink}
        label={t("workspace.public.listPages")}
        prev={t("workspace.public.listPrev")}
        next={t("workspace.public.listNext")}
        status={t("workspace.public.listPageOf", { page, pages })}
      />
    </section>
  );
}
