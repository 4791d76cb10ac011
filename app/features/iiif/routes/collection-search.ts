import type { Route } from "./+types/collection-search";
import { getSiteOptions } from "~/features/site/index.server";
import type { SiteOptions } from "~/features/site";
import { configuredSearch, search } from "~/features/search/index.server";
import { MAX_PAGE, parseSearchParams } from "~/features/search";
import { translate } from "~/i18n";
import { isLocale, LOCALES } from "~/lib/locale";
import { recordsWithPages, toCollection, toPagedCollection, type LangMap } from "../iiif.server";
import { iiifError, iiifJson, publicOrigin } from "../http.server";

/** Open to every visitor (route guard, decision 040): the search is filtered by the viewer's access. */
export const handle = { capability: "PUBLIC" };

/** Records per page of the collection. */
export const COLLECTION_PAGE = 100;

/**
 * GET /iiif/collection/search?{search parameters} — a search's results as IIIF collections (decision 053).
 * Without `page`: a collection of its pages; with `page=N`: that page's records with images, as manifest
 * references. Same parameters, access filtering and base query as the search page, except that `media`
 * defaults to records with images (`media=all` adds those whose only pages are their children's); records
 * without a page to show are left out. `locale` picks the language of the records' labels.
 */
export async function loader({ context, url, request }: Route.LoaderArgs) {
  const locale = url.searchParams.get("locale") ?? "it";
  if (url.searchParams.getAll("locale").length > 1 || !isLocale(locale)) return iiifError(400, "locale: one of it, en, fr");
  const options = await getSiteOptions({ database: context.database }, locale);
  const parsed = parseSearchParams(url.searchParams, { allow: ["locale"], sanitize: options.sanitize });
  if (!parsed.ok) return iiifError(400, parsed.error.messageKey ? `${parsed.error.param}: ${parsed.error.message}` : parsed.error.message);
  const { params, opts } = configuredSearch(options as SiteOptions & Record<string, unknown>, context.viewer.roles, {
    ...parsed.params,
    media: url.searchParams.has("media") ? parsed.params.media : "con_media",
  });
  const ctx = { database: context.database, viewer: context.viewer, locale };
  const origin = publicOrigin(url);
  const q = params.q;
  const label: LangMap = Object.fromEntries(
    LOCALES.map((l) => [l, [q ? translate(l, "iiif.searchCollection", { q }) : translate(l, "iiif.allCollection")]]),
  );
  const base = new URLSearchParams(url.searchParams);
  base.delete("page");
  const address = (page?: number) => {
    const sp = new URLSearchParams(base);
    if (page) sp.set("page", String(page));
    const s = sp.toString();
    return `${origin}/iiif/collection/search${s ? `?${s}` : ""}`;
  };
  if (!url.searchParams.has("page")) {
    const first = await search(ctx, { ...params, page: 0 }, { ...opts, pageSize: COLLECTION_PAGE });
    const pages = Math.min(Math.ceil(first.count / COLLECTION_PAGE), MAX_PAGE + 1);
    return iiifJson(
      toPagedCollection(origin, {
        id: address(),
        label,
        pages: Array.from({ length: pages }, (_, i) => ({
          id: address(i + 1),
          label: Object.fromEntries(
            LOCALES.map((l) => [
              l,
              [
                translate(l, "iiif.collectionPage", {
                  from: i * COLLECTION_PAGE + 1,
                  to: Math.min((i + 1) * COLLECTION_PAGE, first.count),
                }),
              ],
            ]),
          ),
        })),
      }),
      { request, viewer: context.viewer },
    );
  }
  const result = await search(ctx, params, { ...opts, pageSize: COLLECTION_PAGE });
  const withPages = await recordsWithPages(ctx, result.data);
  return iiifJson(
    toCollection(origin, {
      id: address(params.page + 1),
      label,
      partOf: address(),
      locale,
      items: result.data
        .filter((r) => withPages.has(`${r.table}/${r.id}`))
        .map((r) => ({ table: r.table, id: r.id, label: r.preferred_label, labelLang: r.labelLang, thumbnail: r.url.thumbnail })),
    }),
    { request, viewer: context.viewer },
  );
}
