import type { Route } from "./+types/collection-public";
import { isRefusal } from "~/.server/access";
import { getPublishedCollection } from "~/features/workspace/index.server";
import { PublishedSlugSchema } from "~/features/workspace";
import { translate } from "~/i18n";
import { isLocale, LOCALES } from "~/lib/locale";
import { recordsWithPages, toCollection, type LangMap } from "../iiif.server";
import { iiifError, iiifJson, publicOrigin } from "../http.server";

/** Open to every visitor (route guard, decision 040): only published collections, filtered by the viewer's access. */
export const handle = { capability: "PUBLIC" };

/**
 * GET /iiif/collection/public/{slug} — a published workspace collection (/public/collections/{slug}) as a IIIF
 * collection of its records' manifests, in the collection's order (issue 14 §1, decision 053). Records the
 * viewer may not see, and records without a page to show, are left out; unpublished or unknown answers 404.
 * Never cached by others: unpublishing takes effect at once, as for the page.
 */
export async function loader({ context, url, params, request }: Route.LoaderArgs) {
  const locale = url.searchParams.get("locale") ?? "it";
  if (url.searchParams.getAll("locale").length > 1 || !isLocale(locale)) return iiifError(400, "locale: one of it, en, fr");
  const slug = PublishedSlugSchema.safeParse(params.slug);
  if (!slug.success) return iiifError(404, "not found");
  const ctx = { database: context.database, viewer: context.viewer, locale };
  let collection: Awaited<ReturnType<typeof getPublishedCollection>>;
  try {
    collection = await getPublishedCollection(ctx, slug.data);
  } catch (err) {
    // IIIF's own error format, not the route guard's
    if (isRefusal(err)) return iiifError(404, "not found");
    throw err;
  }
  const origin = publicOrigin(url);
  const withPages = await recordsWithPages(ctx, collection.items);
  const label: LangMap = { none: [collection.title] };
  const summary: LangMap = Object.fromEntries(
    LOCALES.map((l) => [
      l,
      [translate(l, "iiif.publishedCollection", { url: `${origin}${l === "it" ? "" : `/${l}`}/public/collections/${slug.data}` })],
    ]),
  );
  const body = toCollection(origin, {
    id: `${origin}/iiif/collection/public/${encodeURIComponent(slug.data)}${locale === "it" ? "" : `?locale=${locale}`}`,
    label,
    summary,
    locale,
    items: collection.items
      .filter((r) => withPages.has(`${r.table}/${r.id}`))
      .map((r) => ({ table: r.table, id: r.id, label: r.preferred_label, labelLang: r.labelLang, thumbnail: r.url.thumbnail })),
  });
  const res = iiifJson(body, { request, viewer: context.viewer });
  res.headers.set("Cache-Control", context.viewer.kind === "anonymous" ? "no-cache" : "private, no-store");
  return res;
}
