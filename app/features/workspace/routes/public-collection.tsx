import { data } from "react-router";
import type { Route } from "./+types/public-collection";
import { serviceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { LOCALE_TAGS, splitLocale } from "~/lib/locale";
import { translate } from "~/i18n";
import { useI18n } from "~/i18n/context";
import { shareMeta } from "~/lib/seo";
import { DEFAULT_PLACEHOLDER } from "~/features/site";
import { rootDataOf, useRootData } from "~/root-data";
import { getPublishedCollection } from "../workspace.server";
import { PublishedSlugSchema } from "../workspace";
import { ReadOnlyCollection } from "../components/ReadOnlyCollection";

/**
 * /public/collections/{slug} (spec §4): a published collection for anyone, for reading and sharing. Records
 * the viewer may not see are left out and only counted; unpublished (or never published) answers 404.
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const slug = PublishedSlugSchema.safeParse(params.slug);
  if (!slug.success) throw notFound();
  // unpublished or unknown: the service's refusal, answered by the route guard with the 404 page
  const c = await getPublishedCollection(serviceContext(context, url), slug.data);
  return data(
    {
      collection: {
        title: c.title,
        slug: c.publishedSlug,
        cover: c.cover.url,
        items: c.items,
        hidden: c.hidden,
        publishedAt: c.publishedAt,
      },
    },
    // Unpublishing must take effect at once: no shared cache keeps it.
    { headers: { "Cache-Control": "no-cache" } },
  );
}

export const meta: Route.MetaFunction = ({ matches, location, data: d }) => {
  const root = rootDataOf(matches);
  const locale = splitLocale(location.pathname).ui;
  if (!d) return [{ title: translate(locale, "error.notFound") }, { name: "robots", content: "noindex" }];
  const c = d.collection;
  const origin = root?.origin ?? "";
  const site = root?.options.title ?? "Teca";
  const description = translate(locale, "workspace.public.description", { count: c.items.length, site });
  return shareMeta({
    title: c.title,
    siteTitle: root?.options.title,
    description,
    origin,
    pathname: location.pathname,
    languages: root?.languages,
    locale,
    type: "website",
    image: c.cover,
  });
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const handle = { layout: "default", capability: "PUBLIC" };

export default function PublicCollection({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const root = useRootData();
  const c = loaderData.collection;
  const date = c.publishedAt
    ? new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: "numeric", month: "long", year: "numeric" }).format(new Date(c.publishedAt))
    : null;
  return (
    <ReadOnlyCollection
      kicker={t("workspace.public.kicker")}
      title={c.title}
      note={date ? t("workspace.public.publishedOn", { date }) : null}
      items={c.items}
      hidden={c.hidden}
      placeholder={root?.options.placeholder ?? DEFAULT_PLACEHOLDER}
    />
  );
}
