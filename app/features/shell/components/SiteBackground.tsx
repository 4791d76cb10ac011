import { useEffect, useRef, useState } from "react";
import { useMatches } from "react-router";
import { useI18n } from "~/i18n/context";
import type { SiteBackground as Background } from "../background";

/**
 * The background of the default layout (decision 107): fixed behind the page, under a veil of the page's
 * colour so that text keeps its contrast; on a page whose route asks for the stage (`handle.backdrop ===
 * "stage"`: the login page) it fills the window with a lighter veil, the form on its own opaque card.
 * A video is muted, loops, never autoplays from the server's HTML (the first paint never waits for it): it
 * starts once the page runs, unless the visitor prefers reduced motion; a button pauses and plays it
 * (WCAG 2.2.2), at the end of the page. The element is decoration: hidden from assistive technologies, the button is not.
 */
export function SiteBackground({ background }: { background: Background }) {
  const { t } = useI18n();
  const matches = useMatches();
  const stage = matches.some((m) => (m.handle as { backdrop?: string } | undefined)?.backdrop === "stage");
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [canPlay, setCanPlay] = useState(false);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    setCanPlay(true);
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    el.play().then(
      () => setPlaying(true),
      () => setPlaying(false),
    );
  }, []);

  const toggle = () => {
    const el = video.current;
    if (!el) return;
    if (el.paused)
      el.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      );
    else {
      el.pause();
      setPlaying(false);
    }
  };

  return (
    <>
      <div className={`site-background${stage ? " site-background--stage" : ""}`} aria-hidden="true">
        {background.type === "video" ? (
          <video ref={video} src={background.url} poster={background.poster ?? undefined} muted loop playsInline preload="metadata" />
        ) : (
          <img src={background.url} alt="" decoding="async" />
        )}
      </div>
      {background.type === "video" && canPlay ? (
        <p className="site-background__controls">
          <button type="button" className="button button--small" onClick={toggle}>
            {playing ? t("background.pause") : t("background.play")}
          </button>
        </p>
      ) : null}
    </>
  );
}
