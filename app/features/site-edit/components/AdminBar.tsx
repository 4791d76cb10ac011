import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import { historyHref, RESTORED_PARAM } from "~/lib/history-back";
import { useLogoutHref } from "~/features/accounts";
import { useEditMode } from "../edit-mode";

export type AdminBarData = {
  /** The catalogue back end: the `adminUrl` option, else BACKEND_URL, else /admin (spec §9). */
  catalogueUrl: string;
  newTab: boolean;
  hideEdit: boolean;
};

/**
 * The admin bar (spec §2, §6: ADMIN only; decision 074): console, catalogue, site, the edit switch (unless
 * hidden by the option hideEdit), the save button in edit mode, settings, logout. The save's outcome is
 * announced in a live region; the button keeps the focus (aria-disabled, never disabled). On a phone the bar
 * keeps to one row, the switch and the save (admin.css): its links are the menu drawer's too. In edit mode,
 * "Cronologia" lists the histories of what the page's editors edit (issue 31 §4), each coming back here
 * after a restore, which the status then announces.
 */
export function AdminBar({ data }: { data: AdminBarData }) {
  const { t, locale } = useI18n();
  const edit = useEditMode();
  const logout = useLogoutHref();
  const saveLabel = edit.isSaving ? t("adminBar.saving") : edit.saved ? t("adminBar.saved") : t("adminBar.save");
  const location = useLocation();
  const restored = new URLSearchParams(location.search).get(RESTORED_PARAM) === "1";
  const status = edit.saved
    ? t("adminBar.saved")
    : edit.failed
      ? t("adminBar.saveFailed")
      : edit.isDirty
        ? t("adminBar.unsaved")
        : restored
          ? t("adminBar.restored")
          : "";
  const idle = !edit.isDirty || edit.isSaving;
  return (
    <nav className="admin-bar" aria-label={t("adminBar.label")}>
      <ul className="admin-bar__list">
        <li className="admin-bar__link">
          <Link to={localizePath("/console", locale)}>{t("adminBar.console")}</Link>
        </li>
        <li className="admin-bar__link">
          {data.newTab ? (
            <a href={data.catalogueUrl} target="_blank" rel="noopener noreferrer">
              {t("adminBar.catalogue")} <span className="visually-hidden">{t("adminBar.newTab")}</span>
            </a>
          ) : (
            <a href={data.catalogueUrl}>{t("adminBar.catalogue")}</a>
          )}
        </li>
        <li className="admin-bar__link">
          <Link to={localizePath("/", locale)}>{t("adminBar.site")}</Link>
        </li>
        {!data.hideEdit && (
          <li>
            <button
              type="button"
              role="switch"
              aria-checked={edit.isEdit}
              className="admin-bar__switch"
              onClick={() => edit.setEdit(!edit.isEdit)}
            >
              <span className="admin-bar__track" aria-hidden="true" />
              {t("adminBar.edit")}
            </button>
          </li>
        )}
        {edit.isEdit && (
          <li>
            <button
              type="button"
              className={`button button--primary admin-bar__save${edit.saved ? " is-saved" : ""}`}
              aria-disabled={idle || undefined}
              onClick={() => {
                if (!idle) void edit.save();
              }}
            >
              {saveLabel}
            </button>
          </li>
        )}
        {edit.isEdit && edit.histories.length > 0 && (
          <li>
            <HistoryMenu links={edit.histories} back={location.pathname + location.search} />
          </li>
        )}
        <li className="admin-bar__link">
          <Link to={localizePath("/settings", locale)}>{t("adminBar.settings")}</Link>
        </li>
        <li className="admin-bar__link">
          <a href={logout}>{t("account.logout")}</a>
        </li>
      </ul>
      <p className={`admin-bar__status${status ? "" : " visually-hidden"}`} role="status">
        {status}
      </p>
    </nav>
  );
}

/** The page's own content first (the home page, a content page), then the menu, then the footer. */
const rank = (id: string) => (id === "option:home" || id.startsWith("page:") ? 0 : id === "option:menu" ? 1 : 2);

/** The histories of what is being edited: a disclosure (works without a script), closed by any navigation. */
function HistoryMenu({ links, back }: { links: { id: string; label: string; href: string }[]; back: string }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDetailsElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the list: the address is the trigger
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [back]);
  return (
    <details className="admin-bar__history" ref={ref}>
      <summary>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
          <path d="M3 12a9 9 0 1 0 3-6.7M3 4v4h4M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="admin-bar__history-label">{t("adminBar.history")}</span>
      </summary>
      <ul>
        {[...links]
          .sort((a, b) => rank(a.id) - rank(b.id))
          .map((l) => (
            <li key={l.id}>
              <Link to={historyHref(l.href, back)}>{t("adminBar.historyOf", { item: l.label })}</Link>
            </li>
          ))}
      </ul>
    </details>
  );
}
