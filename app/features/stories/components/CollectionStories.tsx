import { Link } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import type { StorySummary } from "../stories";

/** The collection page's list of its stories, with the link that starts a new one. */
export function CollectionStories({ collectionId, stories }: { collectionId: string; stories: StorySummary[] }) {
  const { t, locale } = useI18n();
  const base = `/collections/${collectionId}/stories`;
  return (
    <section className="collection-stories" aria-labelledby="collection-stories">
      <h2 id="collection-stories">{t("stories.list.title")}</h2>
      {stories.length === 0 ? <p className="workspace__empty">{t("stories.list.empty")}</p> : null}
      {stories.length ? (
        <ul>
          {stories.map((s) => (
            <li key={s.id}>
              <Link to={localizePath(`${base}/${s.id}`, locale)}>{s.title}</Link>
              {" · "}
              <span className="workspace__meta">
                {t("stories.list.blocks", { count: s.blockCount })} ·{" "}
                {s.public ? t("stories.publish.published") : t("stories.publish.private")}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link to={localizePath(`${base}/add`, locale)} className="button">
          {t("stories.list.new")}
        </Link>
      </p>
    </section>
  );
}
