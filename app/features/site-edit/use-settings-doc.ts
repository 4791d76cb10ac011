import { useCallback, useEffect, useRef, useState } from "react";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { localizePath, type Locale } from "~/lib/locale";
import { useHistoryLink, useTrackedEdits } from "./edit-mode";

/** The settings page that shows each item edited in place, with its history (issue 31 §4). */
const HISTORY_PAGE: Record<string, "contents" | "layout"> = { home: "contents", menu: "layout", footer_blocks: "layout" };

/**
 * One settings item edited in place (decision 074): loaded from and saved to the settings API, so every save
 * is a revision of the settings service, checked against the version the editor started from. A stale save
 * (409) keeps the draft and shows the text saved meanwhile beside it; nothing is lost until the admin picks.
 */
export type Conflict<T> = { version: number; value: T; author: string | null; at: string | null };

type Status = "loading" | "ready" | "error";

const canonical = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );

export function useSettingsDoc<T>(key: string, locale: Locale, opts: { prepare?: (draft: T) => T } = {}) {
  const { t, locale: ui } = useI18n();
  const page = HISTORY_PAGE[key];
  // the admin bar's "Cronologia" offers this item's history, in the interface's language
  useHistoryLink(
    page
      ? {
          id: `option:${key}`,
          label: t(`settings.item.${key}.label` as MessageKey),
          href: `${localizePath(`/settings/${page}`, ui)}?history=${key}`,
        }
      : null,
  );
  return useEditedDoc<T>("/api/auth/backend/settings", { key, locale }, opts);
}

/**
 * The same for any endpoint with the settings API's shapes (GET ?query → {value, version, fallback}; POST
 * {...query, value, version} → {version} | 409 {error: {current}} | 400 {error: {fields | message}}): the
 * content pages' (decision 076) too.
 */
export function useEditedDoc<T>(endpoint: string, query: Record<string, string>, opts: { prepare?: (draft: T) => T } = {}) {
  const qs = new URLSearchParams(query).toString();
  const [status, setStatus] = useState<Status>("loading");
  const [stored, setStored] = useState<T | null>(null);
  const [draft, setDraft] = useState<T | null>(null);
  const [version, setVersion] = useState(0);
  const [fallback, setFallback] = useState(false);
  const [conflict, setConflict] = useState<Conflict<T> | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const prepare = useRef(opts.prepare);
  prepare.current = opts.prepare;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger: Retry loads the document again
  useEffect(() => {
    const ctrl = new AbortController();
    setStatus("loading");
    fetch(`${endpoint}?${qs}`, { signal: ctrl.signal, headers: { Accept: "application/json" } })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const s = (await res.json()) as { value: T; version: number; fallback: boolean };
        setStored(s.value);
        setDraft(structuredClone(s.value));
        setVersion(s.version);
        setFallback(s.fallback);
        setStatus("ready");
      })
      .catch((err: unknown) => {
        if (!ctrl.signal.aborted) setStatus(err instanceof Error && err.name === "AbortError" ? "loading" : "error");
      });
    return () => ctrl.abort();
  }, [endpoint, qs, attempt]);

  const dirty = status === "ready" && draft !== null && canonical(draft) !== canonical(stored);

  const save = useCallback(async (): Promise<boolean> => {
    if (draft === null) return true;
    const value = prepare.current ? prepare.current(draft) : draft;
    setErrors([]);
    let res: Response;
    try {
      res = await fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ ...Object.fromEntries(new URLSearchParams(qs)), value, version }),
      });
    } catch {
      setErrors([""]);
      return false;
    }
    const body = (await res.json().catch(() => ({}))) as {
      version?: number;
      error?: { message?: string; fields?: Record<string, string[]>; current?: Conflict<T> };
    };
    if (res.ok) {
      setStored(value);
      setDraft(structuredClone(value));
      setVersion(body.version ?? version);
      setFallback(false);
      setConflict(null);
      return true;
    }
    if (res.status === 409 && body.error?.current) {
      setConflict(body.error.current);
      return false;
    }
    const fields = body.error?.fields ? Object.values(body.error.fields).flat() : [];
    setErrors(fields.length ? fields : [body.error?.message ?? String(res.status)]);
    return false;
  }, [draft, endpoint, qs, version]);

  useTrackedEdits(`${endpoint}?${qs}`, dirty, save);

  /** 409, "keep mine": the draft stays and the next save goes over the text saved meanwhile. */
  const keepMine = useCallback(() => {
    if (!conflict) return;
    setVersion(conflict.version);
    setConflict(null);
  }, [conflict]);
  /** 409, "use theirs": the text saved meanwhile replaces the draft. */
  const takeTheirs = useCallback(() => {
    if (!conflict) return;
    setStored(conflict.value);
    setDraft(structuredClone(conflict.value));
    setVersion(conflict.version);
    setConflict(null);
  }, [conflict]);

  return {
    status,
    draft,
    setDraft,
    stored,
    fallback,
    conflict,
    errors,
    dirty,
    keepMine,
    takeTheirs,
    retry: () => setAttempt((a) => a + 1),
  };
}
