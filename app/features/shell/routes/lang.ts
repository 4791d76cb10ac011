import { redirect } from "react-router";
import type { Route } from "./+types/lang";
import { enabledLanguages, isUiLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localizePath, splitLocale } from "~/lib/locale";
import { getSiteOptions } from "~/features/site/index.server";
import { safeLocalPath } from "~/lib/safe-path";

/** Open to every visitor (route guard, decision 040). */
export const handle = { capability: "PUBLIC" };

/**
 * Language switch without JavaScript: remembers the choice in a cookie for
 * 365 days and goes to the same page in that language.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  // Italian and the enabled languages only (decision 075).
  const options = await getSiteOptions({ database: context.database }, "it");
  if (!isUiLocale(params.locale) || !enabledLanguages((options as { languages?: unknown }).languages).includes(params.locale))
    throw new Response("Unknown language", { status: 404 });
  const next = safeLocalPath(url.searchParams.get("next"));
  const { path } = splitLocale(new URL(next, "http://x").pathname);
  const query = new URL(next, "http://x").search;
  return redirect(localizePath(path, params.locale) + query, {
    headers: {
      "Set-Cookie": `${LOCALE_COOKIE}=${params.locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`,
    },
  });
}
