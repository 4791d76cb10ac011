import type { Route } from "./+types/robots";
import { getSiteOptions } from "~/features/site/index.server";
import { enabledLanguages, localizePath, UI_LOCALES } from "~/lib/locale";
import { siteOrigin } from "../origin.server";

/**
 * /robots.txt: everything public may be crawled except the API, the language switch, sign-in and the
 * machine endpoints, and the sitemap is named by its absolute address (PUBLIC_URL); comments point people
 * at the OAI-PMH repository and the feed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(new URL(request.url));
  const options = await getSiteOptions({ database: context.database }, "it");
  const feeds = enabledLanguages((options as { languages?: unknown }).languages)
    .filter((l) => l !== "it")
    .map((l) => localizePath("/feed.atom", l));
  const body = [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /lang/",
    "Disallow: /oai",
    "Disallow: /ld/",
    ...UI_LOCALES.map((l) => `Disallow: ${localizePath("/login", l)}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    // no robots.txt directive names an OAI-PMH base URL: a comment tells the people who register harvesters
    `# OAI-PMH 2.0 repository (oai_dc, edm): ${origin}/oai?verb=Identify`,
    `# Atom feed of new records: ${origin}/feed.atom${feeds.length ? ` (also ${feeds.join(", ")})` : ""}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

export const handle = { capability: "PUBLIC" };
