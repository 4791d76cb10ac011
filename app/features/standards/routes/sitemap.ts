import type { Route } from "./+types/sitemap";
import { pagesSitemap, parseSitemapFile, publicRecordCount, recordsSitemap } from "../sitemap.server";
import { siteOrigin } from "../origin.server";

const HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

/** /sitemaps/pages.xml and /sitemaps/{locale}-{n}.xml (streamed). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const origin = siteOrigin(new URL(request.url));
  const ctx = { database: context.database };
  if (params.file === "pages.xml") return new Response(pagesSitemap(origin, (await publicRecordCount(ctx)).lastmod), { headers: HEADERS });
  const file = parseSitemapFile(params.file ?? "");
  const stream = file && (await recordsSitemap(ctx, origin, file.locale, file.part));
  if (!stream) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(stream, { headers: HEADERS });
}

export const handle = { capability: "PUBLIC" };
