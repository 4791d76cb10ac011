import { data, Link } from "react-router";
import type { Route } from "./+types/public-stories";
import { serviceContext } from "~/.server/context";
import { localizePath, splitLocale } from "~/lib/locale";
import { translate } from "~/i18n";
import { useI18n } from "~/i18n/context";
import { pageMeta } from "~/lib/seo";
import { rootDataOf } from "~/root-data";
import { listPublishedStories } from "../stories.server";
import "../components/stories.css";

/** /public/stories (issue 15 §4): the published stories, newest publication first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const list = await listPublishedStories(serviceContext(context, url));
  return data(
    { stories: list.map((s) => ({ slug: s.publishedSlug!, title: s.title, cover: s.cover, publishedAt: s.publishedAt })) },
    { headers: { "Cache-Control": "no-cache" } },
  );
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const root = rootDataOf(matches);
  const locale = splitLocale(location.pathname).ui;
  return pageMeta({
    title: translate(locale, "stories.public.listTitle"),
    siteTitle: root?.options.title,
    description: translate(locale, "stories.public.listIntro"),
    origin: root?.origin ?? "",
    languages: root?.languages,
    pathname: location.pathname,
  });
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const handle = { layout: "default", capability: "PUBLIC" };

export default function PublicStories({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const list = loaderData.stories;
  return (
    <section className="page story-list">
      <h1>{t("stories.public.listTitle")}</h1>
      <p className="story-list__intro">{t("stories.public.listIntro")}</p>
      {list.length === 0 ? (
        <p className="workspace__empty">{t("stories.public.listEmpty")}</p>
      ) : (
        <ul className="story-list__items">
          {list.map((s) => (
            <li key={s.slug} className="story-list__item">
              <Link to={localizePath(`/public/stories/${s.slug}`, locale)}>
                {s.cover ? <img src={s.cover} alt="" loading="lazy" /> : <span className="story-list__nocover" aria-hidden="true" />}
                <span className="story-list__title">{s.title}</span>
              </Link>
              {s.publishedAt ? (
                <p className="story-list__date">
                  {t("stories.public.publishedOn", {
                    date: new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric" }).format(
                      new Date(s.publishedAt),
                    ),
                  })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
