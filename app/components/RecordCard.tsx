import { Link } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import { Picture } from "~/ui/Picture";
import type { RecordCard as Card } from "~/lib/record-types";
import { AccessLock } from "./AccessLock";
import { useCardActions, useCardDisplay } from "~/ui/card-actions";

export type CardVariant = "masonry" | "big" | "mini";

/** A record card: image kept in proportion or cropped on its focal point, type, title, date. */
export function RecordCard({
  card,
  variant = "masonry",
  placeholder,
  headingLevel = 3,
  extra,
  eager = false,
}: {
  card: Card;
  variant?: CardVariant;
  placeholder: string;
  headingLevel?: 2 | 3 | 4;
  extra?: React.ReactNode;
  /** The first card of a page: its image is the largest paint, fetched at once and first (not lazily). */
  eager?: boolean;
}) {
  const { locale } = useI18n();
  const H = `h${headingLevel}` as "h3";
  // Actions other features put on cards (the workspace's pin, for signed-in users): over the image.
  const actions = useCardActions();
  const hasImage = Boolean(card.url.thumbnail || card.url.medium);
  // the site may leave the type off its cards (customjs showTipologia: false; decision 103)
  const { showType } = useCardDisplay();
  return (
    <article className={`card card--${variant}`}>
      <div className="card__media" style={{ backgroundColor: card.dominantColor ?? undefined }}>
        <Picture
          urls={hasImage ? card.url : { thumbnail: null, medium: placeholder, large: null }}
          alt=""
          width={card.width}
          height={card.height}
          sizes={variant === "big" ? "(min-width: 768px) 50vw, 100vw" : "(min-width: 1200px) 25vw, (min-width: 768px) 33vw, 50vw"}
          focalPoint={card.focalPoint}
          placeholder={placeholder}
          eager={eager}
        />
      </div>
      {actions ? (
        <div className="card__actions">
          {actions({ table: card.table, id: card.id, title: card.preferred_label, image: card.url.thumbnail ?? card.url.medium }, "card")}
        </div>
      ) : null}
      <div className="card__body">
        <p className="card__meta">
          {showType && card.type && <span className="card__type">{card.type.name}</span>}
          {/* the traffic light (customjs semaforo), as on the record page: a coloured dot and its short phrase */}
          {card.semaforo?.map((s) => (
            <span key={s.id} className="semaforo-badge semaforo-badge--card" style={{ ["--semaforo" as string]: s.colore }}>
              <span aria-hidden="true" className="semaforo-badge__dot" />
              {s.name}
            </span>
          ))}
          <AccessLock access={card.access} />
        </p>
        <H className="card__title" lang={card.labelLang !== locale ? card.labelLang : undefined}>
          <Link to={localizePath(card.link, locale)} className="card__link">
            {card.preferred_label}
          </Link>
        </H>
        {(card.dateDisplay || card.numero) && <p className="card__sub">{[card.dateDisplay, card.numero].filter(Boolean).join(" · ")}</p>}
        {/* the fields and tags the site puts on cards (customjs metadatiCard, tagCard; decision 112) */}
        {card.cardFields?.length ? (
          <dl className="card__fields">
            {card.cardFields.map((f) => (
              <div key={`${f.label}\u0000${f.value}`}>
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {card.cardTags?.length ? (
          <ul className="card__tags">
            {card.cardTags.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        ) : null}
        {extra}
      </div>
    </article>
  );
}
