import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useRootData } from "~/root-data";
import { analyticsOptedOut, firstCalls, pageViewCalls } from "../analytics";

type Win = Window & { _paq?: unknown[][] };

/**
 * Loads the visit-statistics tracker when the site has one (root data `analytics`; decision 102) and the visitor
 * has not opted out (the cookie, read again at every page), and counts each page the app navigates to. Renders
 * nothing. The script is an external file from the tracker's origin, which the Content-Security-Policy allows
 * only when MATOMO_URL is set.
 */
export function Analytics() {
  const config = useRootData()?.analytics ?? null;
  const location = useLocation();
  const previous = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new address is a page view: the location is the trigger
  useEffect(() => {
    if (!config || analyticsOptedOut(document.cookie)) return;
    const w = window as Win;
    const page = { url: window.location.href, title: document.title };
    if (previous.current === null) {
      w._paq = w._paq ?? [];
      w._paq.push(...firstCalls(config, page));
      const script = document.createElement("script");
      script.async = true;
      script.src = `${config.url}matomo.js`;
      document.head.appendChild(script);
    } else if (previous.current !== page.url) {
      w._paq?.push(...pageViewCalls({ ...page, referrer: previous.current }));
    }
    previous.current = page.url;
  }, [config, location.pathname, location.search]);
  return null;
}
