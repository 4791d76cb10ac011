import { data } from "react-router";
import type { Route } from "./+types/shared-collection";
import { serviceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { LOCALE_TAGS, splitLocale } from "~/lib/locale";
import { translate } from "~/i18n";
import { useI18n } from "~/i18n/context";
import { pageMeta } from "~/lib/seo";
import { DEFAULT_PLACEHOLDER } from "~/features/site";
import { rootDataOf, useRootData } from "~/root-data";
import { getCollectionByLink } from "../workspace.server";
import { LinkTokenSchema } from "../shares";
import { ReadOnlyCollection } from "../components/ReadOnlyCollection";

/**
 * /shared/{token} (decision 061): a collection opened by its secret link, read-only, for anyone holding it —
 * signed in or not. Records are those the viewer may see (the others counted). An expired, revoked or
 * never-made link is the same 404. Never cached, never indexed.
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const token = LinkTokenSchema.safeParse(params.token);
  if (!token.success) throw notFound();
  // an expired, revoked or unknown link: the service's refusal, answered by the route guard with the 404 page
  const c = await getCollectionByLink(serviceContext(context, url), token.data);
  return data(
    { collection: { title: c.title, items: c.items, hidden: c.hidden, expiresAt: c.expiresAt } },
    { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
  );
}

export const meta: Route.MetaFunction = ({ matches, location, data: d }) => {
  const root = rootDataOf(matches);
  const locale = splitLocale(location.pathname).ui;
  return [
    ...pageMeta({
      title: d?.collection.title ?? translate(locale, "error.notFound"),
      siteTitle: root?.options.title,
      origin: root?.origin ?? "",
      languages: root?.languages,
      pathname: location.pathname,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const handle = { layout: "default", capability: "PUBLIC" };

export default function SharedCollection({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const root = useRootData();
  const c = loaderData.collection;
  const until = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(c.expiresAt),
  );
  return (
    <ReadOnlyCollection
      kicker={t("workspace.share.kicker")}
      title={c.title}
      note={t("workspace.share.until", { date: until })}
      items={c.items}
      hidden={c.hidden}
      placeholder={root?.options.placeholder ?? DEFAULT_PLACEHOLDER}
    />
  );
}
