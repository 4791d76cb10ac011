import { useCallback, useEffect, useRef, useState } from "react";
import { useBlocker, useLocation } from "react-router";
import { useI18n } from "~/i18n/context";
import { Modal } from "~/ui/Modal";

/**
 * Unsaved edits in a workspace editor (spec §4, §5; issue 15 §3) — shared by the moodboard and story editors.
 *
 * How to use it:
 *   const unsaved = useUnsavedChanges(dirty);          // dirty: the editor's state differs from the saved one
 *   ...
 *   <UnsavedNotice show={unsaved.notice} />            // 'Changes not saved yet.' (a polite status)
 *   {unsaved.prompt}                                   // render once: the leave dialog
 *   // after a save or a delete that navigates (e.g. 'add' → the new id), let that one navigation through:
 *   unsaved.release(); navigate(to);
 *
 * While `dirty`, leaving the page by an in-app link asks (an accessible dialog, React Router's `useBlocker`)
 * 'Sei sicuro di voler proseguire?'; once the edits have been unsaved for `staleAfterMs` (30 s, spec §9) it asks
 * 'The project has not been saved yet. By exiting you will lose the last changes.' instead. Declining stays on
 * the page; confirming goes on. Reloading or closing the tab asks the browser's own question (`beforeunload`;
 * browsers do not show a page's text there). Changing only the query string or hash is not leaving.
 *
 * The site's edit mode (decision 074) uses it too: `staleAfterMs: null` (no project to speak of),
 * `onProceed` (the editors start again from the stored texts when the admin goes on), and `ask(go)` to put the
 * same question before an action that is not a navigation (turning edit mode off).
 */
export function useUnsavedChanges(dirty: boolean, opts: { staleAfterMs?: number | null; onProceed?: () => void } = {}) {
  const staleAfterMs = opts.staleAfterMs === undefined ? 30_000 : opts.staleAfterMs;
  const { t } = useI18n();
  const [stale, setStale] = useState(false);
  const [asking, setAsking] = useState<null | (() => void)>(null);
  const onProceed = useRef(opts.onProceed);
  onProceed.current = opts.onProceed;
  const released = useRef(false);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  // A release lets one navigation through; at the next page the prompts are armed again.
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger: at the next page the prompts are armed again
  useEffect(() => {
    released.current = false;
  }, [pathname]);

  // Unsaved for 30 s: from the first edit after the last save.
  useEffect(() => {
    if (!dirty || staleAfterMs === null) {
      setStale(false);
      return;
    }
    const timer = setTimeout(() => setStale(true), staleAfterMs);
    return () => clearTimeout(timer);
  }, [dirty, staleAfterMs]);

  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
        dirtyRef.current && !released.current && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (released.current) return;
      e.preventDefault();
      // Older browsers need a return value to ask.
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  // A blocked navigation whose reason went away (saved meanwhile) goes on.
  useEffect(() => {
    if (blocker.state === "blocked" && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  const release = useCallback(() => {
    released.current = true;
  }, []);

  /** Asks before `go` (an action that drops the edits) when there is something to lose; else runs it. */
  const ask = useCallback((go: () => void) => {
    if (dirtyRef.current) setAsking(() => go);
    else go();
  }, []);

  const blocked = blocker.state === "blocked";
  const stay = () => {
    if (blocked) blocker.reset();
    setAsking(null);
  };
  const proceed = () => {
    onProceed.current?.();
    if (blocked) blocker.proceed();
    else asking?.();
    setAsking(null);
  };
  const prompt =
    blocked || asking !== null ? (
      <Modal
        open
        onClose={stay}
        title={t(stale ? "editor.unsaved.staleTitle" : "editor.unsaved.title")}
        closeLabel={t("modal.close")}
        className="editor-leave"
      >
        <p>{t(stale ? "editor.unsaved.stale" : "editor.unsaved.confirm")}</p>
        <p className="editor-leave__actions">
          {/* biome-ignore lint/a11y/noAutofocus: the dialog that just opened: the focus goes to its safe answer (Stay) */}
          <button type="button" className="button button--primary" autoFocus onClick={stay}>
            {t("editor.unsaved.stay")}
          </button>
          <button type="button" className="button button--ghost" onClick={proceed}>
            {t("editor.unsaved.leave")}
          </button>
        </p>
      </Modal>
    ) : null;

  return { notice: dirty, stale, prompt, release, ask, blocked };
}

/** The 'Changes not saved yet.' notice: a neutral, polite status (not an error), read once when it appears. */
export function UnsavedNotice({ show }: { show: boolean }) {
  const { t } = useI18n();
  return (
    <p role="status" className="editor-unsaved">
      {show ? t("editor.unsaved.notice") : ""}
    </p>
  );
}
