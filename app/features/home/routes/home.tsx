import { lazy, Suspense } from "react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/home";
import { serviceContext } from "~/.server/context";
import { getHome } from "../home.server";
import { useI18n } from "~/i18n/context";
import { LOCALE_COOKIE, localizePath, splitLocale } from "~/lib/locale";
import { readCookie } from "~/lib/cookies";
import { pageMeta } from "~/lib/seo";
import { RecordCard } from "~/components/RecordCard";
import { ContentCard } from "~/components/ContentCard";
import { Picture } from "~/ui/Picture";
import { DEFAULT_PLACEHOLDER } from "~/features/site";
import { rootDataOf, useRootData } from "~/root-data";
import { getHeroSearches } from "~/features/saved-searches/index.server";
import { HeroSearches } from "~/features/saved-searches";
import { feedLink } from "~/features/standards";
import { loadHomeEditor, useEditMode } from "~/features/site-edit";
import { SearchSubmit } from "~/ui/SearchSubmit";
import { SearchCombobox } from "~/features/search";

// The in-place editor: loaded only when an administrator turns edit mode on (decision 074).
const HomeEditor = lazy(loadHomeEditor);
// The content carousel (embla): its chunk loads only on a home page with a carousel section (decision 118).
const Carousel = lazy(() => import("~/components/carousel/Carousel"));

export async function loader({ context, url, request }: Route.LoaderArgs) {
  // The unprefixed home is Italian; a visitor who chose another language lands on it.
  if (url.pathname === "/") {
    const chosen = readCookie(request.headers.get("cookie"), LOCALE_COOKIE);
    if (chosen === "en" || chosen === "fr") throw redirect(localizePath("/", chosen));
  }
  const ctx = serviceContext(context, url);
  return { home: await getHome(ctx), heroSearches: await getHeroSearches(ctx) };
}

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  const root = rootDataOf(matches);
  const siteTitle = root?.options.title ?? "Teca";
  return [
    ...pageMeta({
      title: siteTitle,
      description: data?.home.hero.subtitle || root?.options.description,
      origin: root?.origin ?? "",
      languages: root?.languages,
      pathname: location.pathname,
    }),
    // the Atom feed of new records, in the page's language (issue 14)
    feedLink(root?.origin ?? "", splitLocale(location.pathname).ui, siteTitle),
  ];
};

export const handle = { layout: "default", capability: "PUBLIC" };

/**
 * Columns of a home card grid on a wide screen, from the number of cards:
 * rows as full as possible (8 cards: 4 + 4, not 5 + 3), at most five.
 */
export function columnsFor(n: number, max = 5): number {
  if (n <= max) return Math.max(n, 1);
  let best = max;
  let bestGap = Infinity;
  for (let c = max; c >= 3; c--) {
    const gap = (c - (n % c)) % c;
    if (gap < bestGap) [best, bestGap] = [c, gap];
  }
  return best;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { home } = loaderData;
  const root = useRootData();
  const placeholder = root?.options.placeholder ?? DEFAULT_PLACEHOLDER;
  const hero = home.hero;
  const textLang = home.lang !== locale ? home.lang : undefined;
  const edit = useEditMode();
  if (edit.isEdit) {
    return (
      <Suspense
        fallback={
          <p role="status" className="page">
            {t("siteEdit.loading")}
          </p>
        }
      >
        <HomeEditor key={edit.generation} home={home} placeholder={placeholder} />
      </Suspense>
    );
  }
  return (
    <div className="home">
      <section className={hero.card?.url.large || hero.card?.url.medium ? "hero" : "hero hero--plain"} aria-labelledby="hero-title">
        {hero.card?.url.large || hero.card?.url.medium ? (
          <div className="hero__media">
            <Picture
              urls={hero.card.url}
              alt=""
              width={hero.card.width}
              height={hero.card.height}
              focalPoint={hero.card.focalPoint}
              placeholder={placeholder}
              dominantColor={hero.card.dominantColor}
              eager
            />
          </div>
        ) : null}
        <div className="hero__text" lang={textLang}>
          <h1 id="hero-title">{hero.title || root?.options.title}</h1>
          {hero.subtitle && <p className="hero__subtitle">{hero.subtitle}</p>}
          {/* biome-ignore lint/a11y/useSemanticElements: a form with role=search: the <search> element is too new for some of the browsers and screen readers the site supports */}
          <form method="get" action={localizePath("/cerca", locale)} role="search" className="hero__search">
            <label htmlFor="home-search" className="visually-hidden">
              {t("search.label")}
            </label>
            <SearchCombobox id="home-search" defaultValue="" placeholder={t("search.placeholder")} />
            <SearchSubmit label={t("search.submit")} />
          </form>
          {hero.links?.length ? (
            <ul className="hero__links">
              {hero.links.map((l) => (
                <li key={l.path + l.label}>
                  {/^https?:\/\//.test(l.path) ? (
                    <a className="button" href={l.path} target="_blank" rel="noopener noreferrer">
                      {l.label} <span className="visually-hidden">{t("nav.externalLink")}</span>
                    </a>
                  ) : (
                    <Link className="button" to={localizePath(l.path, locale)}>
                      {l.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          <HeroSearches searches={loaderData.heroSearches} />
          {hero.card && (
            <p>
              <Link className="button button--primary" to={localizePath(hero.card.link, locale)}>
                {t("home.discover")}:{" "}
                <span lang={hero.card.labelLang !== locale ? hero.card.labelLang : undefined}>{hero.card.preferred_label}</span>
              </Link>
            </p>
          )}
        </div>
      </section>
      {home.sections.length === 0 && !hero.title && <p className="empty-state">{t("home.empty")}</p>}
      {home.sections.map((s, i) => (
        <section
          // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id: their place is their identity, and they hold no state
          key={i}
          className={`home-section home-section--${s.kind} bg--${s.background ?? "transparent"}`}
          aria-labelledby={`section-${i}`}
        >
          <div className="home-section__inner">
            <h2 id={`section-${i}`} lang={textLang}>
              {s.title || (s.kind === "mediaSample" ? t("home.samples") : s.kind === "stories" ? t("home.stories") : "")}
            </h2>
            {s.html ? (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server when saved and when read (home.server.ts)
              <div className="prose" lang={textLang} dangerouslySetInnerHTML={{ __html: s.html }} />
            ) : (
              s.text && (
                <div className="prose" lang={textLang}>
                  {s.text.split(/\n{2,}/).map((p, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text: their place is their identity
                    <p key={j}>{p}</p>
                  ))}
                </div>
              )
            )}
            {s.cards.length > 0 && s.kind === "records" && s.display === "carousel" ? (
              <Suspense fallback={null}>
                <Carousel
                  labelledBy={`section-${i}`}
                  slides={s.cards.map((c) => ({
                    key: `${c.table}/${c.id}`,
                    content: <RecordCard card={c} placeholder={placeholder} />,
                  }))}
                />
              </Suspense>
            ) : (
              s.cards.length > 0 && (
                <ul
                  className="card-grid card-grid--adaptive"
                  style={{
                    ["--cols" as string]: columnsFor(s.cards.length),
                    ["--cols-md" as string]: Math.min(columnsFor(s.cards.length), 3),
                  }}
                >
                  {s.cards.map((c) => (
                    <li key={`${c.table}/${c.id}`}>
                      <RecordCard card={c} placeholder={placeholder} variant={s.kind === "mediaSample" ? "mini" : "masonry"} />
                    </li>
                  ))}
                </ul>
              )
            )}
            {s.stories?.length ? (
              <ul className="card-grid card-grid--four">
                {s.stories.map((story) => (
                  <li key={story.slug}>
                    <ContentCard
                      variant="story"
                      title={story.title}
                      href={`/public/stories/${story.slug}`}
                      image={story.cover ? { src: story.cover, alt: "" } : null}
                    />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </section>
      ))}
    </div>
  );
}
