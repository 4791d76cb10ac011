import { use, useEffect } from "react";
import { useNavigation } from "react-router";
import itUrl from "./it.json?url";
import enUrl from "./en.json?url";
import frUrl from "./fr.json?url";
import deUrl from "./de.json?url";
import { addMessages, hasMessages, type Messages } from "./index";
import { splitLocale, type UiLocale } from "~/lib/locale";

/**
 * The browser's side of the UI messages (docs/decisions/025-per-locale-messages.md): each language's catalogue
 * is a static JSON file (hashed, cached for good); a page fetches only its own — preloaded by the page's
 * <head>, awaited by app/entry.client.tsx before hydrating — and a navigation into another language waits
 * for that one before rendering. Not imported by server-only code (tsx cannot read `?url`).
 */
export const MESSAGE_URLS: Record<UiLocale, string> = { it: itUrl, en: enUrl, fr: frUrl, de: deUrl };

const attempts = new Map<UiLocale, Promise<boolean>>();

/**
 * Fetches a locale's catalogue once; resolves to whether it is loaded (never rejects: without it the
 * interface falls back to Italian). A failed attempt is repeated only when `retry` is set.
 */
export function loadMessages(locale: UiLocale, retry = false): Promise<boolean> {
  if (hasMessages(locale)) return Promise.resolve(true);
  const last = attempts.get(locale);
  if (last && !(retry && (last as Promise<boolean> & { failed?: boolean }).failed)) return last;
  const attempt: Promise<boolean> & { failed?: boolean } = fetch(MESSAGE_URLS[locale])
    .then((r) => (r.ok ? (r.json() as Promise<Messages>) : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then(
      (messages) => {
        addMessages(locale, messages);
        return true;
      },
      (error: unknown) => {
        attempt.failed = true;
        console.error(`UI messages for "${locale}" not loaded:`, error);
        return false;
      },
    );
  attempts.set(locale, attempt);
  return attempt;
}

/**
 * For the document's layout: suspends a render until the locale's messages are here. Router navigations
 * render in a transition, so the current page stays on screen meanwhile (no untranslated flash). The
 * catalogue of a navigation's destination is requested as soon as the navigation starts, beside its data.
 */
export function useMessages(locale: UiLocale) {
  if (!hasMessages(locale)) use(loadMessages(locale));
  const next = useNavigation().location;
  const nextLocale = next ? splitLocale(next.pathname).ui : null;
  useEffect(() => {
    if (nextLocale) void loadMessages(nextLocale, true);
  }, [nextLocale]);
}
