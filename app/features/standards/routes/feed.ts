import type { Route } from "./+types/feed";
import { getSiteOptions } from "~/features/site/index.server";
import { enabledLanguages, splitLocale } from "~/lib/locale";
import { recentFeed } from "../feed.server";
import { siteOrigin } from "../origin.server";

/**
 * /feed.atom, /en/feed.atom, /fr/feed.atom, /de/feed.atom: the records most recently added or changed. A language
 * that is not enabled has no feed, as it has no pages (decision 075).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale, ui } = splitLocale(url.pathname);
  const ctx = { database: context.database };
  const options = await getSiteOptions(ctx, locale);
  if (!enabledLanguages((options as { languages?: unknown }).languages).includes(ui))
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const xml = await recentFeed(ctx, siteOrigin(url), ui);
  return new Response(xml, { headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}

export const handle = { capability: "PUBLIC" };
