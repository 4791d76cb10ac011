import { useEffect, useRef, useState } from "react";
import { data, Link, useLocation } from "react-router";
import type { Route } from "./+types/searches";
import { serviceContext } from "~/.server/context";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { formatDay } from "~/lib/dates";
import { contentLocale, localizePath, LOCALE_NAMES, type UiLocale } from "~/lib/locale";
import { accountMeta } from "~/features/accounts";
import { parseSearchParams } from "~/features/search";
import { searchHref, type SavedSearchView } from "../saved-searches";
import { listSavedSearches, savedSearchLimit } from "../saved-searches.server";
import { pageToken } from "../http.server";
import { DeleteSavedSearch } from "../components/SavedSearchForm";
import { SaveDialog } from "../components/SaveDialog";

const DONE = ["saved", "updated", "deleted"] as const;
type Done = (typeof DONE)[number];

/** /searches: the signed-in user's saved searches (issue 15 §2): rerun, edit (rename, alert, public, hero), delete. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const searches = await listSavedSearches(ctx);
  const { csrf, headers } = pageToken(context);
  const done = url.searchParams.get("done");
  return data(
    { searches, csrf, limit: savedSearchLimit(), done: (DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null },
    { headers },
  );
}

export const meta = accountMeta("savedSearches.title", "savedSearches.intro");

export const handle = { layout: "default", capability: "PRIVATE" };

export default function SavedSearches({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { searches, csrf } = loaderData;
  const [done, setDone] = useState<Done | null>(loaderData.done);
  const [editing, setEditing] = useState<SavedSearchView | null>(null);
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger: a new navigation with the same notice shows it again
  useEffect(() => setDone(loaderData.done), [loaderData.done, location.key]);
  // After a deletion the focus would be lost with its row: it goes to the page's heading, the notice is read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger: each navigation answering 'deleted' moves the focus
  useEffect(() => {
    if (loaderData.done === "deleted") heading.current?.focus();
  }, [loaderData.done, location.key]);
  // The same once the save drawer deleted one and the list was read again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: searches.length is the trigger: the focus moves once the list was read again
  useEffect(() => {
    if (done === "deleted") heading.current?.focus();
  }, [done, searches.length]);
  return (
    <section className="page saved-page saved-list-page">
      <h1 ref={heading} tabIndex={-1}>
        {t("savedSearches.title")}
      </h1>
      <p className="saved-page__intro">{t("savedSearches.intro")}</p>
      <p role="status" className="saved-page__status">
        {done ? t(`savedSearches.${done}` as MessageKey) : null}
      </p>
      {searches.length === 0 ? (
        <div className="empty-state saved-empty">
          <p className="empty-state__title">{t("savedSearches.empty")}</p>
          <p>{t("savedSearches.emptyHint")}</p>
          <p>
            <Link className="button button--primary" to={localizePath("/cerca", locale)}>
              {t("savedSearches.goSearch")}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="saved-page__count">{t("savedSearches.count", { count: searches.length, max: loaderData.limit })}</p>
          <ul className="saved-list">
            {searches.map((s) => (
              <li key={s.id} className="saved-item">
                <h2 className="saved-item__title">
                  <a href={searchHref(s.query, s.locale)}>{s.title}</a>
                </h2>
                <p className="saved-item__summary">
                  <QuerySummary query={s.query} />
                  {s.locale !== locale ? (
                    <>
                      {" · "}
                      <span>{LOCALE_NAMES[s.locale]}</span>
                    </>
                  ) : null}
                </p>
                <ul className="saved-item__badges" aria-label={t("savedSearches.state")}>
                  <li className="saved-badge">{s.public ? t("savedSearches.badge.public") : t("savedSearches.badge.private")}</li>
                  {s.hero && <li className="saved-badge saved-badge--hero">{t("savedSearches.badge.hero")}</li>}
                  <li className="saved-badge">
                    {s.alert === "none"
                      ? t("savedSearches.alert.none")
                      : t("savedSearches.badge.alert", { frequency: t(`savedSearches.alert.${s.alert}` as MessageKey) })}
                  </li>
                </ul>
                <p className="saved-item__dates">
                  {t("savedSearches.savedOn", { date: day(s.createdAt, locale) })}
                  {s.alertSentAt ? ` · ${t("savedSearches.lastAlert", { date: day(s.alertSentAt, locale) })}` : ""}
                </p>
                <div className="saved-item__actions">
                  <a
                    className="button button--small button--primary"
                    href={searchHref(s.query, s.locale)}
                    aria-label={t("savedSearches.rerunNamed", { title: s.title })}
                  >
                    {t("savedSearches.rerun")}
                  </a>
                  <a
                    className="button button--small"
                    href={localizePath(`/searches/${s.id}`, locale)}
                    aria-haspopup="dialog"
                    aria-label={t("savedSearches.editNamed", { title: s.title })}
                    onClick={(e) => {
                      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                      e.preventDefault();
                      setEditing(s);
                    }}
                  >
                    {t("savedSearches.editAction")}
                  </a>
                  <DeleteSavedSearch action={localizePath(`/searches/${s.id}`, locale)} csrf={csrf} title={s.title} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <SaveDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        href={editing ? localizePath(`/searches/${editing.id}`, locale) : ""}
        title={editing ? t("savedSearches.editNamed", { title: editing.title }) : ""}
        onDone={setDone}
      />
    </section>
  );
}

function day(iso: string, locale: UiLocale) {
  const d = new Date(iso);
  return formatDay({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }, contentLocale(locale));
}

/** What a saved search looks for, in a line: its words, how many filters, its dates. */
function QuerySummary({ query }: { query: string }) {
  const { t } = useI18n();
  const parsed = parseSearchParams(new URLSearchParams(query));
  if (!parsed.ok) return <>{t("savedSearches.everything")}</>;
  const p = parsed.params;
  const parts: string[] = [];
  if (p.q) parts.push(`«${p.q}»`);
  const filters = p.filters.length + (p.tablesExplicit ? 1 : 0) + (p.media !== "all" ? 1 : 0) + (p.bbox ? 1 : 0);
  if (filters === 1) parts.push(t("savedSearches.oneFilter"));
  else if (filters > 1) parts.push(t("savedSearches.filters", { count: filters }));
  if (p.fromRaw || p.toRaw) parts.push(`${p.fromRaw || "…"} – ${p.toRaw || "…"}`);
  return <>{parts.length ? parts.join(" · ") : t("savedSearches.everything")}</>;
}
