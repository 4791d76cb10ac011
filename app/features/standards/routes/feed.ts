import type { Route } from "./+types/feed";
import { splitLocale } from "~/lib/locale";
import { recentFeed } from "../feed.server";
import { siteOrigin } from "../origin.server";

/** /feed.atom, /en/feed.atom, /fr/feed.atom: the records most recently added or changed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const xml = await recentFeed(context.database, siteOrigin(url), splitLocale(url.pathname).locale);
  return new Response(xml, { headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}

export const handle = { capability: "PUBLIC" };
