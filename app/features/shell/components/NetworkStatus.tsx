import { useEffect, useState } from "react";
import { useI18n } from "~/i18n/context";

/** Tracks online/offline and says so in a polite live region. */
export function NetworkStatus() {
  const { t } = useI18n();
  const [state, setState] = useState<"online" | "offline" | "back">("online");
  useEffect(() => {
    if (!navigator.onLine) setState("offline");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = () => setState("offline");
    const on = () => {
      setState("back");
      clearTimeout(timer);
      timer = setTimeout(() => setState("online"), 3000);
    };
    window.addEventListener("offline", off);
    window.addEventListener("online", on);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("offline", off);
      window.removeEventListener("online", on);
    };
  }, []);
  return (
    <div role="status" aria-live="polite" className={`network-status network-status--${state}`}>
      {state === "offline" ? t("app.offline") : state === "back" ? t("app.online") : ""}
    </div>
  );
}
