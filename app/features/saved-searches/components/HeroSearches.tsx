import { Link } from "react-router";
import { useI18n } from "~/i18n/context";
import type { HeroSearch } from "../saved-searches.server";
import { searchHref } from "../saved-searches";

/**
 * The public saved searches a manager put on the home page's hero (spec §6 'add to hero'): links that run
 * them in the page's language. A title written in another language says so (`lang`). Nothing when none.
 */
export function HeroSearches({ searches }: { searches: HeroSearch[] }) {
  const { t, locale } = useI18n();
  if (!searches.length) return null;
  return (
    <nav className="hero-searches" aria-labelledby="hero-searches-title">
      <h2 id="hero-searches-title" className="hero-searches__title">
        {t("savedSearches.heroTitle")}
      </h2>
      <ul>
        {searches.map((s) => (
          <li key={s.id}>
            <Link to={searchHref(s.query, locale)} lang={s.locale !== locale ? s.locale : undefined}>
              {s.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
