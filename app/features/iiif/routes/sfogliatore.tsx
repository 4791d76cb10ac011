import { Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/sfogliatore";
import { notFound } from "~/.server/errors";
import { serviceContext } from "~/.server/context";
import { getSiteOptions } from "~/features/site/index.server";
import { internalFieldsOption } from "~/features/records";
import { localizePath, pickText, splitLocale } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import { RECORD_ID_PATTERN, recordPath, tableFromSlug, type TableName } from "~/lib/tables";
import { rootDataOf } from "~/root-data";
import { useI18n } from "~/i18n/context";
import { getIiifRecord, pageLabel } from "../iiif.server";
import { sfogliatorePath } from "../paths";
import { PageTurner } from "../components/PageTurner";

/**
 * /sfogliatore/{id} (objects) and /sfogliatore/{table}/{id}: a record's pages — its images, then its
 * children's (a book's or an album's pages, a folder's documents) — as a page-turner with deep zoom
 * (decision 053). The page shown is `?p=N`; a record the viewer may not see is the usual 404.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { locale } = splitLocale(url.pathname);
  const table: TableName | undefined = params.b === undefined ? "ca_objects" : tableFromSlug(params.a);
  const id = params.b ?? params.a;
  if (!table || !RECORD_ID_PATTERN.test(id)) throw notFound();
  const canonical = localizePath(sfogliatorePath(table, id), splitLocale(url.pathname).ui);
  if (url.pathname !== canonical) throw redirect(canonical + url.search, 301);
  const options = await getSiteOptions({ database: context.database }, locale);
  const rec = await getIiifRecord(serviceContext(context, url), table, id, {
    internalFields: internalFieldsOption(options as unknown as Record<string, unknown>),
  });
  if (!rec) throw notFound();
  const title = pickText(rec.labels, locale) ?? { text: id, lang: locale };
  return {
    table,
    id,
    title: title.text,
    titleLang: title.lang,
    link: recordPath(table, id, title.text),
    pages: rec.pages.map((p) => {
      const label = pageLabel(p, locale) ?? { text: title.text, lang: title.lang };
      const recordLabel = pickText(p.record.labels, locale)?.text;
      return {
        key: p.mediaId,
        label: label.text,
        labelLang: label.lang,
        width: p.width,
        height: p.height,
        thumbnail: p.thumbnail,
        large: p.large ?? p.medium,
        service: p.service,
        record: p.record.own ? null : recordPath(table, p.record.id, recordLabel),
      };
    }),
  };
}

/** Turning a page changes only `?p=`: the pages are already here. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.get("p") !== nextUrl.searchParams.get("p")) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ data: d, matches, location }) => {
  const root = rootDataOf(matches);
  if (!d) return [{ title: root?.options.title ?? "Teca" }];
  return [
    ...pageMeta({
      title: d.title,
      siteTitle: root?.options.title,
      origin: root?.origin ?? "",
      languages: root?.languages,
      pathname: location.pathname,
    }),
    ...(d.pages[0]?.thumbnail?.startsWith("/") ? [{ property: "og:image", content: `${root?.origin ?? ""}${d.pages[0].thumbnail}` }] : []),
  ];
};

export const handle = { layout: "default", capability: "PUBLIC" };

export default function SfogliatorePage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const d = loaderData;
  const titleLang = d.titleLang !== locale ? d.titleLang : undefined;
  return (
    <article className="page-turner">
      <nav aria-label={t("nav.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <Link to={localizePath("/", locale)}>{t("app.home")}</Link>
          </li>
          <li>
            <Link to={localizePath(d.link, locale)} lang={titleLang}>
              {d.title}
            </Link>
          </li>
          <li aria-current="page">{t("iiif.pages.thumbnails")}</li>
        </ol>
      </nav>
      <h1>{t("iiif.pages.title", { title: d.title })}</h1>
      <p>
        <Link to={localizePath(d.link, locale)}>← {t("iiif.pages.back")}</Link>
      </p>
      {d.pages.length === 0 ? <p className="notice">{t("iiif.pages.empty")}</p> : <PageTurner pages={d.pages} />}
    </article>
  );
}
