import type { MessageKey } from "~/i18n";
import { localizePath, type Locale, type UiLocale } from "~/lib/locale";
import { parseSearchParams, searchQueryString } from "~/features/search";

/** Saved searches (issue 15 §2): what the pages, the JSON endpoint and the service share. */

export const ALERT_FREQUENCIES = ["none", "daily", "weekly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const TITLE_MAX = 200;

/** A saved search as pages and the API show it to its owner. */
export type SavedSearchView = {
  id: string;
  title: string;
  /** The search page's canonical query string, without "?" ("" for every record). */
  query: string;
  locale: Locale;
  public: boolean;
  hero: boolean;
  alert: AlertFrequency;
  alertSentAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/**
 * The canonical query string of a search state (without "?"), as the search page itself writes it
 * (searchQueryString of parseSearchParams): the page and print flag are dropped (a saved search reruns
 * from its first page); null when the search page would refuse it.
 */
export function canonicalQuery(raw: string): string | null {
  const parsed = parseSearchParams(new URLSearchParams(raw.replace(/^\?/, "")));
  if (!parsed.ok) return null;
  return searchQueryString(parsed.params, { page: 0, print: false }).replace(/^\?/, "");
}

/** Where a saved search reruns: the search page of `locale` with its query. */
export const searchHref = (query: string, locale: UiLocale) => localizePath("/cerca", locale) + (query ? `?${query}` : "");

export type FieldErrors = Partial<Record<"title" | "query" | "alert" | "hero" | "form", MessageKey>>;
