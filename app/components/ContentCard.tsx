import { Link } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import "./content-card.css";

/**
 * A card for an editorial text rather than a record (issue 34 §1, §3): `interviews`, the memory pages' card
 * (a round portrait or the title's initial, the title, the opening words as a quotation, where it is filed);
 * `story`, a published story's (its cover above its title). The whole card is the link.
 */
export type ContentCardVariant = "interviews" | "story";

export function ContentCard({
  variant,
  title,
  href,
  image,
  excerpt,
  meta,
  lang,
  draft,
  headingLevel = 3,
}: {
  variant: ContentCardVariant;
  title: string;
  /** The address without the language prefix. */
  href: string;
  image?: { src: string; alt: string } | null;
  excerpt?: string;
  /** Where it is filed (a section's title), shown above the title. */
  meta?: string;
  /** The text's language when it is not the page's (a fallback). */
  lang?: string;
  /** Shown to administrators: not published yet. */
  draft?: string;
  headingLevel?: 2 | 3 | 4;
}) {
  const { locale } = useI18n();
  const H = `h${headingLevel}` as "h3";
  return (
    <article className={`card content-card content-card--${variant}`} lang={lang}>
      <div className="content-card__media" aria-hidden={image ? undefined : true}>
        {image ? (
          <img src={image.src} alt={image.alt} loading="lazy" />
        ) : (
          <span className="content-card__initial">{title.trim().charAt(0).toUpperCase()}</span>
        )}
      </div>
      <div className="card__body">
        {meta || draft ? (
          <p className="card__meta">
            {meta}
            {draft ? (
              <span className="content-card__draft" lang={locale}>
                {draft}
              </span>
            ) : null}
          </p>
        ) : null}
        <H className="card__title">
          <Link to={localizePath(href, locale)} className="card__link">
            {title}
          </Link>
        </H>
        {excerpt ? <p className="content-card__excerpt">{excerpt}</p> : null}
      </div>
    </article>
  );
}
