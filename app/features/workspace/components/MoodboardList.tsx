import { Link } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import type { MoodboardSummary } from "../moodboards";

/** A collection's moodboards on its page (issue 15 §3), with the link that creates one. */
export function MoodboardList({ collectionId, boards }: { collectionId: string; boards: MoodboardSummary[] }) {
  const { t, locale } = useI18n();
  const base = localizePath(`/collections/${collectionId}/moodboards`, locale);
  return (
    <section className="moodboard-list" aria-labelledby="moodboard-list-title">
      <h2 id="moodboard-list-title">{t("moodboard.list.title")}</h2>
      {boards.length === 0 ? <p className="workspace__meta">{t("moodboard.list.empty")}</p> : null}
      {boards.length ? (
        <ul className="collection-grid">
          {boards.map((b) => (
            <li key={b.id} className="collection-tile">
              <Link to={`${base}/${b.id}`} className="moodboard-list__link" aria-label={t("moodboard.list.open", { title: b.title })}>
                <span className="moodboard-list__thumb" style={{ background: b.background }} aria-hidden="true">
                  {b.cover ? <img src={b.cover} alt="" loading="lazy" width={220} height={140} /> : null}
                </span>
                <span className="moodboard-list__title">{b.title}</span>
                <span className="workspace__meta">{t("moodboard.list.count", { count: b.count })}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link to={`${base}/add`} className="button button--primary">
          {t("moodboard.list.create")}
        </Link>
      </p>
    </section>
  );
}
