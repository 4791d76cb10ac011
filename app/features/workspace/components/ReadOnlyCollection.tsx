import type { ReactNode } from "react";
import { useI18n } from "~/i18n/context";
import { RecordCard } from "~/components/RecordCard";
import type { RecordCard as Card } from "~/lib/record-types";
import { CountLabel } from "./CountLabel";

/**
 * A collection for reading only: a published one (/public/collections/{slug}) or one opened by its secret
 * link (/shared/{token}). Records the viewer may not see are only counted (`hidden`).
 */
export function ReadOnlyCollection({
  kicker,
  title,
  note,
  items,
  hidden,
  placeholder,
}: {
  kicker: string;
  title: string;
  note: string | null;
  items: Card[];
  hidden: number;
  placeholder: string;
}) {
  const { t } = useI18n();
  let meta: ReactNode = <CountLabel count={items.length} />;
  if (note)
    meta = (
      <>
        {meta}
        {` · ${note}`}
      </>
    );
  return (
    <article className="page workspace public-collection">
      <header className="public-collection__header">
        <p className="public-collection__kicker">{kicker}</p>
        <h1>{title}</h1>
        <p className="workspace__meta">{meta}</p>
        {hidden > 0 ? <p className="notice">{t("workspace.public.hidden", { count: hidden })}</p> : null}
      </header>
      {items.length === 0 ? (
        <p className="workspace__empty">{t("workspace.public.empty")}</p>
      ) : (
        <ul className="collection-items collection-items--public" aria-label={title}>
          {items.map((card) => (
            <li key={`${card.table}/${card.id}`}>
              <RecordCard card={card} placeholder={placeholder} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
