import { useEffect, useState } from "react";
import { useI18n } from "~/i18n/context";

/** Dark mode switch; the choice is kept in this browser only. */
export function ThemeToggle() {
  const { t } = useI18n();
  const [dark, setDark] = useState(false);
  useEffect(() => setDark(document.documentElement.dataset.theme === "dark"), []);
  const toggle = () => {
    const next = !dark;
    setDark(next);
    document.documentElement.dataset.theme = next ? "dark" : "light";
    try {
      localStorage.setItem("teca-theme", next ? "dark" : "light");
    } catch {
      /* storage may be disabled; the toggle still works for this page */
    }
  };
  return (
    <button type="button" className="button button--ghost button--icon" aria-pressed={dark} onClick={toggle} title={t("app.darkMode")}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" fill="currentColor" />
      </svg>
      <span className="visually-hidden">{t("app.darkMode")}</span>
    </button>
  );
}
