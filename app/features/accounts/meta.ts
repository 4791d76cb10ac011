import type { HeadersFunction, MetaFunction } from "react-router";
import { translate, type MessageKey } from "~/i18n";
import { splitLocale } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import { rootDataOf } from "~/root-data";

/** The meta of an account page (sign-in, reset, security, user management): its title, kept out of search engines. */
export function accountMeta(titleKey: MessageKey, descriptionKey: MessageKey = titleKey): MetaFunction {
  return ({ matches, location }) => {
    const root = rootDataOf(matches);
    const locale = splitLocale(location.pathname).ui;
    return [
      ...pageMeta({
        title: translate(locale, titleKey),
        siteTitle: root?.options.title,
        description: translate(locale, descriptionKey),
        origin: root?.origin ?? "",
        languages: root?.languages,
        pathname: location.pathname,
      }),
      { name: "robots", content: "noindex" },
    ];
  };
}

/**
 * The headers of an account page: the loader's (its Cache-Control), and the action's Retry-After when the
 * sign-in or reset limits refused it (React Router merges the cookies itself, and keeps nothing else of an
 * action's headers without this).
 */
export const accountHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const h = new Headers();
  for (const [k, v] of loaderHeaders) if (k.toLowerCase() !== "set-cookie") h.set(k, v);
  const retry = actionHeaders.get("Retry-After");
  if (retry) h.set("Retry-After", retry);
  return h;
};
