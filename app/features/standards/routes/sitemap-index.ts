import type { Route } from "./+types/sitemap-index";
import { sitemapIndex } from "../sitemap.server";
import { siteOrigin } from "../origin.server";

/** /sitemap.xml: the index of the per-locale sitemaps (decision 050). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const xml = await sitemapIndex({ database: context.database }, siteOrigin(new URL(request.url)));
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

export const handle = { capability: "PUBLIC" };
