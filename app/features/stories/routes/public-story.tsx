import { data } from "react-router";
import type { Route } from "./+types/public-story";
import { serviceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { LOCALE_TAGS, splitLocale } from "~/lib/locale";
import { translate } from "~/i18n";
import { useI18n } from "~/i18n/context";
import { shareMeta } from "~/lib/seo";
import { DEFAULT_PLACEHOLDER } from "~/features/site";
import { getSiteOptions } from "~/features/site/index.server";
import { rootDataOf, useRootData } from "~/root-data";
import { getPublishedStory } from "../stories.server";
import { shownBlock, StorySlugSchema } from "../stories";
import { StoryBody } from "../components/StoryBody";
import "../components/stories.css";

/**
 * /public/stories/{slug} (issue 15 §4): a published story for anyone, for reading, sharing and printing.
 * Records the viewer may not see are left out (cards, images and map points) and only counted; a story
 * that is not (or no longer) published answers 404, and no shared cache keeps it.
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const slug = StorySlugSchema.safeParse(params.slug);
  if (!slug.success) throw notFound();
  const ctx = serviceContext(context, url);
  // unpublished or unknown: the service's refusal, answered by the route guard with the 404 page
  const s = await getPublishedStory(ctx, slug.data);
  const options = await getSiteOptions(ctx, ctx.locale);
  const blocks = s.blocks.filter(shownBlock);
  const firstText = blocks.find((b) => b.type === "text" && b.html);
  const excerpt = firstText && firstText.type === "text" ? firstText.html.replace(/<[^>]+>/g, " ").replace(/&[a-z#0-9]+;/gi, " ") : "";
  return data(
    {
      story: {
        title: s.title,
        slug: s.publishedSlug,
        cover: s.cover,
        blocks,
        points: s.points,
        hidden: s.hidden,
        publishedAt: s.publishedAt,
        excerpt,
      },
      tiles: { url: options.tileUrl, attribution: options.tileAttribution },
    },
    // Unpublishing must take effect at once: no shared cache keeps it.
    { headers: { "Cache-Control": "no-cache" } },
  );
}

export const meta: Route.MetaFunction = ({ matches, location, data: d }) => {
  const root = rootDataOf(matches);
  const locale = splitLocale(location.pathname).ui;
  if (!d) return [{ title: translate(locale, "error.notFound") }, { name: "robots", content: "noindex" }];
  const s = d.story;
  const origin = root?.origin ?? "";
  const site = root?.options.title ?? "Teca";
  const description = (s.excerpt.replace(/\s+/g, " ").trim() || translate(locale, "stories.public.description", { site })).slice(0, 200);
  return shareMeta({
    title: s.title,
    siteTitle: root?.options.title,
    description,
    origin,
    pathname: location.pathname,
    languages: root?.languages,
    locale,
    type: "article",
    image: s.cover,
    publishedAt: s.publishedAt,
  });
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const handle = { layout: "default", capability: "PUBLIC" };

export default function PublicStory({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const root = useRootData();
  const placeholder = root?.options.placeholder ?? DEFAULT_PLACEHOLDER;
  const s = loaderData.story;
  const date = s.publishedAt
    ? new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: "numeric", month: "long", year: "numeric" }).format(new Date(s.publishedAt))
    : null;
  return (
    <article className="page story-public">
      <header className="story-public__header">
        <p className="story-public__kicker">{t("stories.public.kicker")}</p>
        <h1>{s.title}</h1>
        {date ? <p className="story-public__meta">{t("stories.public.publishedOn", { date })}</p> : null}
        {s.hidden > 0 ? <p className="notice">{t("stories.public.hidden", { count: s.hidden })}</p> : null}
      </header>
      <StoryBody blocks={s.blocks} points={s.points} placeholder={placeholder} tiles={loaderData.tiles} />
    </article>
  );
}
