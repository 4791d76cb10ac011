import { useEffect, useState } from "react";
import { useI18n } from "~/i18n/context";

export function ScrollToTop() {
  const { t } = useI18n();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 600);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      onClick={() => {
        const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
        document.getElementById("main")?.focus({ preventScroll: true });
      }}
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
        <path d="M4 12l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span className="visually-hidden">{t("app.scrollTop")}</span>
    </button>
  );
}
