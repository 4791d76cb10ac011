import { useEffect, useState } from "react";
import { useI18n } from "~/i18n/context";

/** Dark mode switch; the choice is remembered in a cookie so the server renders it without a flash. */
export function ThemeToggle({ withLabel = false }: { withLabel?: boolean }) {
  const { t } = useI18n();
  const [dark, setDark] = useState(false);
  useEffect(() => {
    const set = document.documentElement.dataset.theme;
    setDark(set ? set === "dark" : matchMedia("(prefers-color-scheme: dark)").matches);
  }, []);
  const toggle = () => {
    const next = !dark;
    setDark(next);
    const theme = next ? "dark" : "light";
    document.documentElement.dataset.theme = theme;
    // biome-ignore lint/suspicious/noDocumentCookie: a preference cookie the page writes; the Cookie Store API is not in every browser the site supports
    document.cookie = `teca_theme=${theme}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax`;
  };
  return (
    <button
      type="button"
      className={`button button--ghost ${withLabel ? "" : "button--icon"}`}
      aria-pressed={dark}
      onClick={toggle}
      title={withLabel ? undefined : t("app.darkMode")}
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" fill="currentColor" />
      </svg>
      <span className={withLabel ? undefined : "visually-hidden"}>{t("app.darkMode")}</span>
    </button>
  );
}
