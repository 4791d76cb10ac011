import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { useI18n } from "~/i18n/context";

export const LOADING_THROTTLE_MS = 200;
export const LOADING_RAMP_MS = 5000;

type Phase = "idle" | "loading" | "done" | "failed";

/**
 * Top loading bar: appears only when a navigation lasts longer than 200 ms,
 * ramps towards 90 % over about 5 s, then finishes (or turns red on failure).
 */
export function LoadingBar() {
  const { t } = useI18n();
  const navigation = useNavigation();
  const [phase, setPhase] = useState<Phase>("idle");
  const started = useRef(false);
  const busy = navigation.state !== "idle";
  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => {
        started.current = true;
        setPhase("loading");
      }, LOADING_THROTTLE_MS);
      return () => clearTimeout(timer);
    }
    if (!started.current) return;
    started.current = false;
    const failed = typeof document !== "undefined" && document.querySelector("[data-error-page]") !== null;
    setPhase(failed ? "failed" : "done");
    const timer = setTimeout(() => setPhase("idle"), 400);
    return () => clearTimeout(timer);
  }, [busy]);
  if (phase === "idle") return null;
  return (
    <div
      className={`loading-bar loading-bar--${phase}`}
      role="progressbar"
      aria-label={t("app.loading")}
      aria-busy={phase === "loading"}
      style={{ ["--ramp" as string]: `${LOADING_RAMP_MS}ms` }}
    />
  );
}
