import { Link } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import { RecordCard } from "~/components/RecordCard";
import { MapView } from "~/components/MapView";
import type { StoryPoint, ViewBlock } from "../stories";

/**
 * A story's blocks for reading (the public page): headings, sanitised rich text (the server cleaned it
 * before storing and again before sending), figures with caption and credit, record cards, quotes and the
 * map of its records. Blocks of records the viewer may not see are not in the list (the page counts them).
 */
export function StoryBody({
  blocks,
  points,
  placeholder,
  tiles,
}: {
  blocks: ViewBlock[];
  points: StoryPoint[];
  placeholder: string;
  tiles: { url: string; attribution: string };
}) {
  const { t, locale } = useI18n();
  return (
    <div className="story-body">
      {blocks.map((b) => {
        switch (b.type) {
          case "heading":
            return (
              <h2 key={b.id} className="story-body__heading">
                {b.text}
              </h2>
            );
          case "text":
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server when saved and when read (sanitize.server.ts)
            return b.html ? <div key={b.id} className="story-body__text" dangerouslySetInnerHTML={{ __html: b.html }} /> : null;
          case "image": {
            const c = b.card;
            const src = c ? (c.url.large ?? c.url.medium ?? c.url.thumbnail) : b.url;
            if (!src) return null;
            const img = (
              <img
                src={src}
                alt={b.alt || c?.preferred_label || ""}
                width={c?.width ?? undefined}
                height={c?.height ?? undefined}
                loading="lazy"
                style={c?.dominantColor ? { backgroundColor: c.dominantColor } : undefined}
              />
            );
            return (
              <figure key={b.id} className="story-body__figure">
                {c ? (
                  <Link to={localizePath(c.link, locale)} className="story-body__image-link">
                    {img}
                  </Link>
                ) : (
                  img
                )}
                {b.caption || b.credit ? (
                  <figcaption>
                    {b.caption ? <span className="story-body__caption">{b.caption}</span> : null}
                    {b.credit ? <span className="story-body__credit">{t("stories.public.credit", { credit: b.credit })}</span> : null}
                  </figcaption>
                ) : null}
              </figure>
            );
          }
          case "record":
            return b.card ? (
              <div key={b.id} className="story-body__record">
                <RecordCard card={b.card} placeholder={placeholder} headingLevel={3} />
              </div>
            ) : null;
          case "quote":
            return (
              <figure key={b.id} className="story-body__quote">
                <blockquote>
                  <p>{b.text}</p>
                </blockquote>
                {b.cite ? <figcaption>— {b.cite}</figcaption> : null}
              </figure>
            );
          case "map":
            return (
              <section key={b.id} className="story-body__map" aria-label={t("stories.public.map")}>
                {points.length ? (
                  <MapView
                    points={points}
                    tileUrl={tiles.url}
                    tileAttribution={tiles.attribution}
                    bbox={null}
                    clearAreaHref={null}
                    label={t("stories.public.map")}
                  />
                ) : (
                  <p className="hint">{t("stories.map.none")}</p>
                )}
              </section>
            );
          default:
            return null;
        }
      })}
    </div>
  );
}
